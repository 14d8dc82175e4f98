import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { PERMISSION, ROLE } from '@app/shared/permissions';
import type { OrphanListItem } from '@app/shared/schemas/orphan.schema';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { OrphansPage } from './orphans-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const rows: OrphanListItem[] = [
  {
    id: 1,
    first_name: 'Maryam',
    last_name: 'Ahmadi',
    father_name: 'Karim',
    grandfather_name: null,
    dob: '2010-01-01',
    gender: 'female',
    class_grade: '0',
    admission_date: '2020-05-01',
    status: 'active',
    photo_thumb_url: null,
    site_id: 1,
    site_name: 'Kabul Home',
  },
  {
    id: 2,
    first_name: 'Ahmad',
    last_name: 'Sultani',
    father_name: null,
    grandfather_name: null,
    dob: '2012-06-01',
    gender: 'male',
    class_grade: '5',
    admission_date: '2021-01-10',
    status: 'inactive',
    photo_thumb_url: null,
    site_id: 1,
    site_name: 'Kabul Home',
  },
];

function paged(data: OrphanListItem[], extra: Partial<{ current_page: number; last_page: number; total: number }> = {}) {
  return { data, current_page: 1, last_page: 1, per_page: 10, total: data.length, from: data.length ? 1 : null, to: data.length || null, ...extra };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderPage(permissions: string[], respond?: (url: string, init?: RequestInit) => Response | undefined, start = '/dashboard/orphans', sites?: { id: number; name: string }[]) {
  const user = makeUser({ roleNames: [ROLE.caseworker], permissionNames: permissions, ...(sites ? { sites } : {}) });
  storeSession(user);
  const fetchMock = stubServer(user, (url, init) => {
    const custom = respond?.(url, init);
    if (custom) return custom;
    if (url.startsWith('/api/orphans')) return jsonResponse(paged(rows));
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[start]}>
      <Routes>
        <Route path="/dashboard/orphans" element={<OrphansPage />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
  return fetchMock;
}

const orphanCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/orphans'));

describe('<OrphansPage>', { timeout: 15_000 }, () => {
  it('shows the columns with their display rules', async () => {
    renderPage([PERMISSION.orphan.view]);
    const row = (await screen.findByRole('link', { name: 'Maryam Ahmadi' })).closest('tr')!;
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells[0]).toBe('1');
    expect(cells[3]).toBe('PREP');
    expect(cells[4]).toBe('Female');
    expect(cells[6]).toBe('Active');
    const other = screen.getByRole('link', { name: 'Ahmad Sultani' }).closest('tr')!;
    expect(within(other).getByText('Grade 5')).toBeTruthy();
    // (The status shows in its column, and under the name where a phone's frame has no room for the column.)
    expect(within(within(other).getAllByRole('cell')[6]!).getByText('Inactive').className).toContain('red');
    for (const header of ['ID', 'Name', 'Age', 'Grade', 'Gender', 'Admission Date', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeTruthy();
    }
  });

  it('shows View always, but Edit, Delete, Add and Trash only with their permissions', async () => {
    renderPage([PERMISSION.orphan.view]);
    await screen.findByRole('link', { name: 'Maryam Ahmadi' });
    expect(screen.getAllByRole('link', { name: /^View / })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add New Orphan' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Trash' })).toBeNull();
  });

  it('lets a user with the permissions edit, add and delete after confirming', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = renderPage(
      [PERMISSION.orphan.view, PERMISSION.orphan.create, PERMISSION.orphan.edit, PERMISSION.orphan.delete],
      (url, init) => (init?.method === 'DELETE' ? jsonResponse({ message: 'Orphan moved to trash' }) : undefined),
    );
    await screen.findByRole('link', { name: 'Maryam Ahmadi' });
    expect(screen.getByRole('link', { name: 'Edit Maryam Ahmadi' }).getAttribute('href')).toBe('/dashboard/orphans/edit/1');
    expect(screen.getByRole('link', { name: 'Add New Orphan' }).getAttribute('href')).toBe('/dashboard/orphans/create');
    expect(screen.getByRole('link', { name: 'Trash' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete Maryam Ahmadi' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this orphan?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/orphans/1' && init?.method === 'DELETE')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('searches 500 ms after typing stops, from page 1', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = renderPage([PERMISSION.orphan.view], undefined, '/dashboard/orphans?page=3&gender=female');
    await screen.findByRole('link', { name: 'Maryam Ahmadi' });
    expect(orphanCalls(fetchMock).at(-1)).toBe('/api/orphans?page=3&per_page=10&gender=female');

    await user.type(screen.getByRole('searchbox', { name: 'Search orphans' }), 'مریم');
    // Nothing is asked while typing...
    expect(orphanCalls(fetchMock).some((u) => u.includes('search='))).toBe(false);
    // ...one request once typing stops, back on page 1, filters kept.
    await waitFor(() => expect(orphanCalls(fetchMock).some((u) => u.includes('search='))).toBe(true), { timeout: 2000 });
    const searched = orphanCalls(fetchMock).filter((u) => u.includes('search='));
    expect(searched).toHaveLength(1);
    const params = new URL(searched[0]!, 'http://x').searchParams;
    expect(params.get('search')).toBe('مریم');
    expect(params.get('page')).toBe('1');
    expect(params.get('gender')).toBe('female');
    expect(screen.getByTestId('location').textContent).not.toContain('page=3');
  });

  it('resets to page 1 on a filter or page-size change and omits empty filters', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = renderPage([PERMISSION.orphan.view], (url) =>
      url.startsWith('/api/orphans') ? jsonResponse(paged(rows, { current_page: 2, last_page: 30, total: 300 })) : undefined,
    '/dashboard/orphans?page=2');
    await screen.findByRole('link', { name: 'Maryam Ahmadi' });
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    await user.selectOptions(screen.getByLabelText('Grade'), 'PREP');
    await waitFor(() => expect(orphanCalls(fetchMock).at(-1)).toBe('/api/orphans?page=1&per_page=10&class_grade=0'));

    await user.selectOptions(screen.getByLabelText('Per page'), '25');
    await waitFor(() => expect(orphanCalls(fetchMock).at(-1)).toBe('/api/orphans?page=1&per_page=25&class_grade=0'));

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(orphanCalls(fetchMock).at(-1)).toBe('/api/orphans?page=1&per_page=25'));
    // At most 5 numbered page buttons.
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ }).length).toBeLessThanOrEqual(5);
  });

  it("names each child's site and filters by one for a user of several sites, and neither for a user of one", async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = renderPage([PERMISSION.orphan.view], undefined, '/dashboard/orphans', [
      { id: 1, name: 'Kabul Home' },
      { id: 2, name: 'Herat Girls Home' },
    ]);
    await screen.findByRole('link', { name: 'Maryam Ahmadi' });
    expect(screen.getByRole('columnheader', { name: 'Site' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    await user.selectOptions(screen.getByLabelText('Site'), 'Herat Girls Home');
    await waitFor(() => expect(orphanCalls(fetchMock).at(-1)).toBe('/api/orphans?page=1&per_page=10&site_id=2'));
    cleanup();

    renderPage([PERMISSION.orphan.view]);
    await screen.findByRole('link', { name: 'Maryam Ahmadi' });
    expect(screen.queryByRole('columnheader', { name: 'Site' })).toBeNull();
    expect(screen.queryByText('Kabul Home')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    expect(screen.queryByLabelText('Site')).toBeNull();
  });

  it("says 'No orphans found' for an empty page and shows load errors", async () => {
    renderPage([PERMISSION.orphan.view], (url) => (url.startsWith('/api/orphans') ? jsonResponse(paged([])) : undefined));
    expect(await screen.findByText('No orphans found')).toBeTruthy();
  });

  it('takes its default page size from Settings → Items per page; a size in the URL still wins', async () => {
    const settings = (url: string) => (url.startsWith('/api/settings/public') ? jsonResponse({ organization_name: 'Org', maintenance_mode: '0', items_per_page: '25' }) : undefined);
    const fetchMock = renderPage([PERMISSION.orphan.view], settings);
    await screen.findByRole('link', { name: 'Maryam Ahmadi' });
    expect(orphanCalls(fetchMock)).toEqual(['/api/orphans?page=1&per_page=25']);
    expect((screen.getByLabelText('Per page') as HTMLSelectElement).value).toBe('25');
    cleanup();

    const chosen = renderPage([PERMISSION.orphan.view], settings, '/dashboard/orphans?per_page=50');
    await screen.findByRole('link', { name: 'Maryam Ahmadi' });
    expect(orphanCalls(chosen)).toEqual(['/api/orphans?page=1&per_page=50']);
  });

  it('says an admission range that ends before it starts beside the filter, keeps the table and asks nothing invalid', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = renderPage([PERMISSION.orphan.view]);
    await screen.findByRole('link', { name: 'Maryam Ahmadi' });
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    // Date fields are typed segment by segment (month, day, year for an English Gregorian reader).
    const typeDate = async (label: string, digits: string) => {
      await user.click(within(screen.getByRole('group', { name: label })).getAllByRole('spinbutton')[0]!);
      await user.keyboard(digits);
    };
    await typeDate('Admission From', '05012024');
    await waitFor(() => expect(orphanCalls(fetchMock).at(-1)).toContain('admission_from=2024-05-01'));
    await typeDate('Admission To', '01012024');

    const to = within(screen.getByRole('group', { name: 'Admission To' })).getAllByRole('spinbutton')[0]!;
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The admission to date must be on or after the admission from date.')).toBeTruthy();
    // The rows stay, and no request carried the backwards range.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('link', { name: 'Maryam Ahmadi' })).toBeTruthy();
    expect(screen.queryByText(/^Error loading orphans/)).toBeNull();
    expect(orphanCalls(fetchMock).some((u) => u.includes('admission_to=2024-01-01'))).toBe(false);
  });

  it('shows the error text when the list fails', async () => {
    renderPage([PERMISSION.orphan.view], (url) =>
      url.startsWith('/api/orphans') ? jsonResponse({ message: 'Server error. Please try again later.' }, 500) : undefined,
    );
    expect(await screen.findByText('Error loading orphans: Server error. Please try again later.', {}, { timeout: 5000 })).toBeTruthy();
  });
});

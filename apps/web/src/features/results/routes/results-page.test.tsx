import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PERMISSION, ROLE } from '@app/shared/permissions';
import type { Result } from '@app/shared/schemas/result.schema';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { ResultsPage } from './results-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const result = (id: number, over: Partial<Result> = {}): Result => ({
  id, orphan_id: 3, father_name: 'Karim', orphan_name: 'Amina Rahimi', result_type: 'education', subject: `Subject ${id}`, term: 'First Term',
  exam_date: '2025-05-20', year: 2025, grade: 'A', assessed_by: null, comments: null, total: 100, average: 80, score: 85, percent: 85,
  ethics_score: null, uniform_score: null, relationship_score: null, course_type: null, created_at: '2025-05-20T00:00:00Z', updated_at: '2025-05-20T00:00:00Z',
  ...over,
});
const SEVEN = Array.from({ length: 7 }, (_, i) => result(i + 1));

function renderPage(permissions: string[], answer: () => Response = () => jsonResponse({ data: SEVEN, truncated: false }), sites?: { id: number; name: string }[]) {
  const user = makeUser({ roleNames: [ROLE.teacher], permissionNames: permissions, ...(sites ? { sites } : {}) });
  storeSession(user);
  const fetchMock = stubServer(user, (url, init) => {
    if (url.startsWith('/api/results/') && init?.method === 'DELETE') return jsonResponse({ message: 'Result deleted successfully' });
    if (url.startsWith('/api/results')) return answer();
    if (url.startsWith('/api/orphans?'))
      return jsonResponse({ data: { data: [{ id: 3, first_name: 'Amina', last_name: 'Rahimi', father_name: 'Karim', site_id: 1, site_name: 'Kabul Home' }, { id: 4, first_name: 'Parwana', last_name: 'Sadat', father_name: null, site_id: 2, site_name: 'Herat Girls Home' }] } });
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard/results']}>
      <Routes>
        <Route path="/dashboard/results" element={<ResultsPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return fetchMock;
}

const resultCalls = (fetchMock: ReturnType<typeof stubServer>) => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/results'));

describe('<ResultsPage>', { timeout: 15_000 }, () => {
  it('pages the list in the browser, 5 a page, asking the server once', async () => {
    const fetchMock = renderPage([PERMISSION.result.view]);
    await screen.findByText('Subject 1');
    expect(screen.queryByText('Subject 6')).toBeNull();
    expect(screen.getByText('Showing 1 to 5 of 7 entries')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Subject 6');
    expect(resultCalls(fetchMock)).toEqual(['/api/results']);
  });

  it('filters by site for a user of several sites, offering that site\'s children only, and shows no site filter to a user of one', async () => {
    const fetchMock = renderPage([PERMISSION.result.view], undefined, [{ id: 1, name: 'Kabul Home' }, { id: 2, name: 'Herat Girls Home' }]);
    await screen.findByText('Subject 1');
    const user = userEvent.setup({ delay: null });
    const orphanNames = () => within(screen.getByLabelText('Orphan')).getAllByRole('option').map((o) => o.textContent);
    await waitFor(() => expect(orphanNames().some((n) => n?.includes('Parwana'))).toBe(true));
    await user.selectOptions(screen.getByLabelText('Orphan'), '3');
    await user.selectOptions(screen.getByLabelText('Site'), 'Herat Girls Home');
    // The child of the other site is let go of, and only the chosen site's children are offered.
    await waitFor(() => expect(resultCalls(fetchMock).at(-1)).toBe('/api/results?site_id=2'));
    expect(orphanNames().some((n) => n?.includes('Amina'))).toBe(false);
    expect(orphanNames().some((n) => n?.includes('Parwana'))).toBe(true);
    cleanup();

    renderPage([PERMISSION.result.view]);
    await screen.findByText('Subject 1');
    expect(screen.queryByLabelText('Site')).toBeNull();
  });

  it('sends the filters to the server', async () => {
    const fetchMock = renderPage([PERMISSION.result.view]);
    await screen.findByText('Subject 1');
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByLabelText('Result Type'), 'discipline');
    await user.selectOptions(screen.getByLabelText('Term'), 'Final');
    await waitFor(() => expect(resultCalls(fetchMock)).toContain('/api/results?term=Final&result_type=discipline'));
  });

  it('shows View only to a reader, and Add, Edit and class entry to a teacher, never Delete without its permission', async () => {
    renderPage([PERMISSION.result.view]);
    await screen.findByText('Subject 1');
    expect(screen.getAllByRole('link', { name: /^View result/ })).toHaveLength(5);
    expect(screen.queryByRole('link', { name: 'Add New Result' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Edit result/ })).toBeNull();
    vi.unstubAllGlobals();
    cleanup();

    renderPage([PERMISSION.result.view, PERMISSION.result.create, PERMISSION.result.edit]);
    await screen.findAllByText('Subject 1');
    expect(screen.getAllByRole('link', { name: 'Add New Result' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Enter class results' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: /^Edit result Subject 1/ }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^Delete result/ })).toBeNull();
  });

  it('deletes after the confirmation of spec section 8', async () => {
    const fetchMock = renderPage([PERMISSION.result.view, PERMISSION.result.delete]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete result Subject 2 of Amina Rahimi' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this result? This action cannot be undone.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/results/2' && init?.method === 'DELETE')).toBe(true));
  });

  it("says the spec's empty and error texts", async () => {
    renderPage([PERMISSION.result.view], () => jsonResponse({ data: [], truncated: false }));
    expect(await screen.findByText('No results found for the selected criteria')).toBeTruthy();
    vi.unstubAllGlobals();
    cleanup();
    renderPage([PERMISSION.result.view], () => jsonResponse({ message: 'Database unavailable' }, 500));
    expect(await screen.findByText('Error loading results: Database unavailable', {}, { timeout: 5000 })).toBeTruthy();
  });
});

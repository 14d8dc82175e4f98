import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ROLE } from '@app/shared/permissions';
import { XLSX_CONTENT_TYPE } from '@app/shared/schemas/export.schema';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { fileNameOf } from '../api/download-export.ts';
import { ReportsPage } from './reports-page.tsx';

/** The Reports page's buttons by permission, what an export form sends, and what it says when the export fails. */

const saved: Array<{ name: string; size: number }> = [];
beforeEach(() => {
  saved.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test'), revokeObjectURL: vi.fn() }));
  // The browser's save: the link the page clicks, with the name it gives.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, size: 0 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const xlsx = (name: string) =>
  new Response(new Uint8Array([80, 75, 3, 4, 1, 2, 3]), { status: 200, headers: { 'Content-Type': XLSX_CONTENT_TYPE, 'Content-Disposition': `attachment; filename="${name}"` } });

function renderPage(permissions: string[], answer: (url: string, init?: RequestInit) => Response = () => xlsx('orphans-2026-11-24.xlsx'), sites?: { id: number; name: string }[]) {
  const user = makeUser({ roleNames: [ROLE.caseworker], permissionNames: permissions, ...(sites ? { sites } : {}) });
  storeSession(user);
  const fetchMock = stubServer(user, (url, init) => {
    if (url.startsWith('/api/export/')) return answer(url, init);
    if (url.startsWith('/api/orphans?')) return jsonResponse({ data: { data: [{ id: 3, first_name: 'Amina', last_name: 'Rahimi', father_name: 'Karim' }] } });
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter>
      <ReportsPage />
    </MemoryRouter>,
  );
  return fetchMock;
}

const exportCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/export/')).map(([input, init]) => ({ url: String(input), init: init as RequestInit }));

describe('<ReportsPage>', { timeout: 15_000 }, () => {
  it('shows each export only with view-reports AND the view permission of its data', async () => {
    renderPage(['view-reports', 'view-orphans']);
    await screen.findByRole('button', { name: 'Orphans List' });
    expect(screen.queryByRole('button', { name: /Academic Results/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Attendance Records' })).toBeNull();
    cleanup();

    renderPage(['view-orphans', 'view-results', 'view-attendance']);
    await screen.findByText(/Your role has no exports/);
    expect(screen.queryByRole('button', { name: 'Orphans List' })).toBeNull();
  });

  it('sends only the filters given, with the UI language, saves the file under its name and closes', async () => {
    const fetchMock = renderPage(['view-reports', 'view-orphans']);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Orphans List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export Orphans List' });
    await user.type(within(dialog).getByLabelText('Minimum age'), '6');
    await user.selectOptions(within(dialog).getByLabelText('Gender'), 'female');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(saved).toEqual([{ name: 'orphans-2026-11-24.xlsx', size: 0 }]));
    const [call] = exportCalls(fetchMock);
    expect(call!.url).toBe('/api/export/orphans');
    expect(JSON.parse(String(call!.init.body))).toEqual({ gender: 'female', age_min: 6 });
    expect((call!.init.headers as Record<string, string>)['Accept-Language']).toBe('en');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends the site chosen by a user of several sites with each export, and offers none to a user of one', async () => {
    const fetchMock = renderPage(['view-reports', 'view-orphans', 'view-attendance'], undefined, [
      { id: 1, name: 'Kabul Home' },
      { id: 2, name: 'Herat Girls Home' },
    ]);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Orphans List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export Orphans List' });
    expect(within(within(dialog).getByLabelText('Site')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All sites', 'Kabul Home', 'Herat Girls Home']);
    await user.selectOptions(within(dialog).getByLabelText('Site'), 'Herat Girls Home');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(exportCalls(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(exportCalls(fetchMock)[0]!.init.body))).toEqual({ site_id: 2 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    cleanup();

    renderPage(['view-reports', 'view-orphans']);
    await user.click(await screen.findByRole('button', { name: 'Orphans List' }));
    const single = await screen.findByRole('dialog', { name: 'Export Orphans List' });
    expect(within(single).queryByLabelText('Site')).toBeNull();
  });

  it('checks the form before sending: a minimum age above the maximum is said on its field', async () => {
    const fetchMock = renderPage(['view-reports', 'view-orphans']);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Orphans List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export Orphans List' });
    await user.type(within(dialog).getByLabelText('Minimum age'), '12');
    await user.type(within(dialog).getByLabelText('Maximum age'), '8');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await within(dialog).findByText('The minimum age cannot be greater than the maximum age.');
    expect(exportCalls(fetchMock)).toEqual([]);
  });

  it("opens the results form for the type picked in the menu; a failure says 'Error: {message}', a lost connection the spec's fallback", async () => {
    let answer: () => Response = () => jsonResponse({ message: 'This action is unauthorized.', code: 'forbidden' }, 403);
    renderPage(['view-reports', 'view-results'], () => answer());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Academic Results' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Discipline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export Academic Results: Discipline' });
    // Discipline results have no term.
    expect(within(dialog).queryByLabelText('Term')).toBeNull();
    expect(within(dialog).getAllByRole('option', { name: /^\d{4}$/ })).toHaveLength(10);
    // Date fields are typed segment by segment (month, day, year for an English Gregorian reader).
    for (const [name, digits] of [[/^Start date/, '01012025'], [/^End date/, '12312025']] as const) {
      await user.click(within(within(dialog).getByRole('group', { name })).getAllByRole('spinbutton')[0]!);
      await user.keyboard(digits);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Error: This action is unauthorized.');

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await within(dialog).findByText('Failed to export data. Please try again.');
    expect(saved).toEqual([]);
  });

  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameOf('attachment; filename="results-2026-01-02.xlsx"')).toBe('results-2026-01-02.xlsx');
    expect(fileNameOf("attachment; filename=\"x.xlsx\"; filename*=UTF-8''%D9%86%D8%AA%D8%A7%DB%8C%D8%AC.xlsx")).toBe('نتایج.xlsx');
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(fileNameOf(null)).toBeNull();
  });
});

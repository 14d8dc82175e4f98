import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ROLE } from '@app/shared/permissions';
import type { ActivityLogItem } from '@app/shared/schemas/activity.schema';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { ActivityLogPage } from './activity-log-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const entry = (over: Partial<ActivityLogItem>): ActivityLogItem => ({
  id: 1,
  type: 'orphan',
  action: 'updated',
  subject_type: 'orphan',
  subject_id: 12,
  name: 'Laila Noori',
  user: { id: 1, name: 'Admin One' },
  created_at: '2025-05-10T08:30:00.000Z',
  link: '/dashboard/orphans/12',
  period: null,
  child_count: null,
  ...over,
});

const ENTRIES = [
  entry({ id: 3 }),
  entry({ id: 2, action: 'deleted', subject_type: 'result', subject_id: 5, name: 'Laila Noori: Mathematics (education)', type: 'other', link: null, user: null }),
  entry({ id: 1, action: 'something_new', subject_type: 'export', subject_id: null, name: 'orphans-2025-05-10.xlsx', type: 'document', link: null }),
  // Attendance entries keep their month as data: one child's month, and a class's.
  entry({ id: 5, type: 'attendance', action: 'created', subject_type: 'attendance', subject_id: 9, name: 'Mina Karimi', link: '/dashboard/attendance?orphan_id=3&month=3&year=2025', period: { month: 3, year: 2025 } }),
  entry({ id: 4, type: 'attendance', action: 'recorded', subject_type: 'attendance', subject_id: null, name: '', link: null, period: { month: 3, year: 2025 }, child_count: 17 }),
];

function renderLog(url = '/dashboard/activities', calendar: 'gregorian' | 'persian' = 'gregorian') {
  const user = makeUser({ id: 1, roleNames: [ROLE.manager], permissionNames: ['view-activities'], calendar });
  storeSession(user);
  const fetchMock = stubServer(user, (u) => {
    if (u.startsWith('/api/activities/users')) return jsonResponse({ data: [{ id: 1, name: 'Admin One' }, { id: 7, name: 'Teacher Seven' }] });
    if (u.startsWith('/api/activities')) {
      const data = new URL(u, 'http://x').searchParams.get('type') === 'event' ? [] : ENTRIES;
      return jsonResponse({ data, current_page: 1, last_page: 1, per_page: 25, total: data.length, from: data.length ? 1 : null, to: data.length || null });
    }
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <ActivityLogPage />
    </MemoryRouter>,
  );
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof stubServer>) => fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/activities?') || u === '/api/activities');

// Whole screens with their filters render slowly on a busy test machine: room, not a measurement.
describe('ActivityLogPage', { timeout: 20_000 }, () => {
  it('shows who did what to which record, linking only the records that still exist', async () => {
    renderLog();
    const link = await screen.findByRole('link', { name: 'Open Laila Noori' });
    expect(link.getAttribute('href')).toBe('/dashboard/orphans/12');
    const deletedRow = screen.getByText('Laila Noori: Mathematics (education)').closest('tr')!;
    expect(within(deletedRow).queryByRole('link')).toBeNull();
    expect(within(deletedRow).getByText('Deleted')).toBeTruthy();
    expect(within(deletedRow).getByText('Visitor or removed user')).toBeTruthy();
    // An action this screen has no words for yet is shown as written.
    const exportRow = screen.getByText('orphans-2025-05-10.xlsx').closest('tr')!;
    expect(within(exportRow).getByText('something new')).toBeTruthy();
    expect(within(exportRow).getByText('Excel export')).toBeTruthy();
  });

  it("writes an attendance entry's month in the reader's calendar, with a class's count of children", async () => {
    renderLog();
    expect((await screen.findByRole('link', { name: 'Open Mina Karimi: March 2025' })).getAttribute('href')).toBe('/dashboard/attendance?orphan_id=3&month=3&year=2025');
    expect(screen.getByText('March 2025: 17 children')).toBeTruthy();
  });

  it('writes those months as the Solar Hijri months they cover, with Afghan names, for a Solar Hijri reader', async () => {
    renderLog('/dashboard/activities', 'persian');
    expect(await screen.findByRole('link', { name: 'Open Mina Karimi: Hut 1403 – Hamal 1404' })).toBeTruthy();
    expect(screen.getByText('Hut 1403 – Hamal 1404: 17 children')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/March|Esfand|Farvardin/);
  });

  it('sends the chosen filters and says when nothing matches', async () => {
    const fetchMock = renderLog();
    await screen.findByRole('link', { name: 'Open Laila Noori' });
    await userEvent.selectOptions(await screen.findByLabelText('User'), await screen.findByRole('option', { name: 'Teacher Seven' }));
    await waitFor(() => expect(calls(fetchMock).some((u) => u.includes('user_id=7'))).toBe(true));
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'event');
    expect(await screen.findByText('No activities found for the selected filters.')).toBeTruthy();
    expect(calls(fetchMock).at(-1)).toMatch(/user_id=7.*type=event|type=event.*user_id=7/);
  });

  it('says a backwards range beside the To date and never sends it', async () => {
    const fetchMock = renderLog('/dashboard/activities?date_from=2025-05-10&date_to=2025-05-01');
    expect(await screen.findByText('The to date must be on or after the from date.')).toBeTruthy();
    await screen.findByRole('link', { name: 'Open Laila Noori' });
    expect(calls(fetchMock).some((u) => u.includes('date_to=2025-05-01'))).toBe(false);
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PERMISSION, ROLE } from '@app/shared/permissions';
import type { DashboardResponse, UpcomingEventsResponse } from '@app/shared/schemas/dashboard.schema';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { OverviewPage } from './overview-page.tsx';

afterEach(() => vi.unstubAllGlobals());

// The charts are a lazily loaded chunk (recharts): loading it here, once, keeps the first load's
// cost out of the few seconds a query waits for what the screen shows, on a busy machine too.
beforeAll(async () => {
  await import('../components/overview-charts.tsx');
});

const months = (count: (i: number) => number) => Array.from({ length: 12 }, (_, i) => ({ year: 2026, month: i + 1, count: count(i) }));

/** What the server answers a teacher (every list's view permission, no view-activities). */
const teacherAnswer: DashboardResponse = {
  stats: [
    { key: 'total_orphans', label: 'Total Orphans', value: 412, icon: 'users', color: 'blue', href: '/dashboard/orphans' },
    { key: 'new_admissions', label: 'New Admissions', value: 3, icon: 'user-plus', color: 'green', href: '/dashboard/orphans?admission_from=2026-11-01&admission_to=2026-11-30&sort=-admission_date' },
    { key: 'upcoming_events', label: 'Upcoming Events', value: 1, icon: 'calendar', color: 'purple', href: null },
    { key: 'pending_tasks', label: 'Pending Tasks', value: 0, icon: 'clipboard-list', color: 'amber', href: null },
  ],
  activities: [],
  total_orphans: { in_care: 412, on_record: 430 },
  new_admissions: { from: '2026-11-01', to: '2026-11-30', count: 3 },
  upcoming_events: { from: '2026-11-24', to: '2026-12-24', total: 1, birthdays: 1, exams: 0 },
  pending_tasks: { total: 0, missing_attendance: { year: 2026, month: 10, total: 0 }, medical: { total: 0 } },
  charts: {
    attendance_rate: Array.from({ length: 12 }, (_, i) => ({ year: 2026, month: i + 1, rate: i === 11 ? 92.5 : null, days: i === 11 ? 400 : 0 })),
    grade_bands: [{ grade: 'A+', count: 4 }, { grade: 'A', count: 9 }, { grade: 'B', count: 0 }, { grade: 'C', count: 0 }, { grade: 'D', count: 0 }, { grade: 'F', count: 1 }],
    admissions: months((i) => (i === 10 ? 3 : 0)),
  },
};
const events: UpcomingEventsResponse = {
  data: {
    ...teacherAnswer.upcoming_events!,
    items: [{ type: 'birthday', date: '2026-11-29', orphan_id: 17, name: 'Amina Rahimi', class_grade: '4', turns: 10, subject: null, result_id: null }],
  },
};

function renderPage(permissions: string[], answer: DashboardResponse) {
  const user = makeUser({ roleNames: [ROLE.teacher], permissionNames: permissions });
  storeSession(user);
  const fetchMock = stubServer(user, (url) => {
    if (url === '/api/dashboard/data') return jsonResponse(answer);
    if (url === '/api/dashboard/events') return jsonResponse(events);
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<OverviewPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return fetchMock;
}

const asked = (fetchMock: ReturnType<typeof stubServer>, path: string) => fetchMock.mock.calls.some(([input]) => String(input) === path);

describe('<OverviewPage>', { timeout: 15_000 }, () => {
  it("shows a teacher's cards with what they count, opens the events' list on demand, and gives the charts' figures as tables", async () => {
    const teacher = [PERMISSION.orphan.view, PERMISSION.result.view, PERMISSION.result.create, PERMISSION.attendance.view, PERMISSION.attendance.create];
    const fetchMock = renderPage(teacher, teacherAnswer);
    await waitFor(() => expect(screen.getByTestId('card-total_orphans').textContent).toBe('412'));
    expect(screen.getByRole('link', { name: /Total Orphans.*412.*of 430 on record/ }).getAttribute('href')).toBe('/dashboard/orphans');
    expect(screen.getByRole('link', { name: /New Admissions/ }).getAttribute('href')).toBe('/dashboard/orphans?admission_from=2026-11-01&admission_to=2026-11-30&sort=-admission_date');
    // Recent Activity needs view-activities; quick tasks follow the create permissions.
    expect(screen.queryByRole('heading', { name: 'Recent Activity' })).toBeNull();
    const tasks = within(screen.getByRole('region', { name: 'Quick Tasks' })).getAllByRole('link');
    expect(tasks.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Submit Results', '/dashboard/results/create'],
      ['Take Attendance', '/dashboard/attendance/class'],
    ]);

    // Each chart is a named image, its figures in a table.
    const table = await screen.findByRole('table', { name: 'Admissions per month: Figures of the chart' });
    expect(within(table).getByRole('row', { name: /November 2026/ }).textContent).toBe('November 20263');
    expect(screen.getByRole('img', { name: 'Results by grade band' })).not.toBeNull();

    // The list is asked for only when the card is opened.
    expect(asked(fetchMock, '/api/dashboard/events')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: /Upcoming Events/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Upcoming Events' });
    expect((await within(dialog).findByRole('link', { name: 'Amina Rahimi' })).getAttribute('href')).toBe('/dashboard/orphans/17');
    expect(within(dialog).getByText(/Birthday, turns 10/)).not.toBeNull();
    expect(asked(fetchMock, '/api/dashboard/tasks')).toBe(false);

  });

  it('shows a user without permissions no card, no chart and no quick task', async () => {
    renderPage([], { stats: [], activities: [], charts: { attendance_rate: null, grade_bands: null, admissions: null } });
    expect(await screen.findByText(/No quick tasks are available/)).not.toBeNull();
    expect(screen.queryByRole('list', { name: 'Overview figures' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Trends' })).toBeNull();
  });
});

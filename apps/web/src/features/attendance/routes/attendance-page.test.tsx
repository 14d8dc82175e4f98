import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PERMISSION, ROLE } from '@app/shared/permissions';
import type { Attendance } from '@app/shared/schemas/attendance.schema';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { AttendancePage } from './attendance-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const record: Attendance = {
  id: 5, orphan_id: 3, first_name: 'Amina', last_name: 'Rahimi', father_name: 'Karim', class_grade: '4', month: 2, year: 2025,
  present_days: 17, absent_days: 1, late_days: 0, excused_days: 2, total_days: 20, absence_reasons: 'Fever', notes: null,
  created_at: '2025-03-01T08:00:00Z', updated_at: '2025-03-01T08:00:00Z',
};
const page = (data: Attendance[]) => ({ data, current_page: 1, last_page: 1, per_page: 10, total: data.length, from: data.length ? 1 : null, to: data.length || null });

function renderPage(permissions: string[], answer: () => Response = () => jsonResponse(page([record])), sites?: { id: number; name: string }[]) {
  const user = makeUser({ roleNames: [ROLE.teacher], permissionNames: permissions, ...(sites ? { sites } : {}) });
  storeSession(user);
  const fetchMock = stubServer(user, (url) => {
    if (url.startsWith('/api/attendances')) return answer();
    if (url.startsWith('/api/orphans?')) return jsonResponse({ data: { data: [] } });
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard/attendance']}>
      <Routes>
        <Route path="/dashboard/attendance" element={<AttendancePage />} />
      </Routes>
    </MemoryRouter>,
  );
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof stubServer>) => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/attendances'));

describe('<AttendancePage>', { timeout: 15_000 }, () => {
  it('lists the month with its counts and asks for 10 a page, offering 10, 25, 50 and 100', async () => {
    const fetchMock = renderPage([PERMISSION.attendance.view]);
    const row = (await screen.findByRole('link', { name: 'Amina Rahimi' })).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Amina Rahimi', 'February 2025', '17', '1', '0', '2', '20']);
    expect(calls(fetchMock)[0]).toBe('/api/attendances?page=1&per_page=10');
    const sizes = within(screen.getByLabelText('Per page')).getAllByRole('option').map((o) => o.textContent);
    expect(sizes).toEqual(['10', '25', '50', '100']);
  });

  it('filters by site for a user of several sites, and shows no site filter to a user of one', async () => {
    const fetchMock = renderPage([PERMISSION.attendance.view], undefined, [{ id: 1, name: 'Kabul Home' }, { id: 2, name: 'Herat Girls Home' }]);
    await screen.findByRole('link', { name: 'Amina Rahimi' });
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByLabelText('Site'), 'Herat Girls Home');
    await waitFor(() => expect(calls(fetchMock).at(-1)).toBe('/api/attendances?page=1&per_page=10&site_id=2'));
    cleanup();

    renderPage([PERMISSION.attendance.view]);
    await screen.findByRole('link', { name: 'Amina Rahimi' });
    expect(screen.queryByLabelText('Site')).toBeNull();
  });

  it('sends the filters and goes back to page 1', async () => {
    const fetchMock = renderPage([PERMISSION.attendance.view]);
    await screen.findByRole('link', { name: 'Amina Rahimi' });
    await userEvent.setup({ delay: null }).selectOptions(screen.getByLabelText('Month'), '2');
    await waitFor(() => expect(calls(fetchMock)).toContain('/api/attendances?page=1&per_page=10&month=2'));
  });

  it('shows Record Attendance, Take Attendance and Edit only with their permissions', async () => {
    renderPage([PERMISSION.attendance.view]);
    await screen.findByRole('link', { name: 'Amina Rahimi' });
    expect(screen.queryByRole('link', { name: 'Record Attendance' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Take Attendance' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Edit attendance/ })).toBeNull();
  });

  it('offers them to a teacher, Delete only with delete-attendance', async () => {
    renderPage([PERMISSION.attendance.view, PERMISSION.attendance.create, PERMISSION.attendance.edit]);
    await screen.findByRole('link', { name: 'Amina Rahimi' });
    expect(screen.getByRole('link', { name: 'Record Attendance' }).getAttribute('href')).toBe('/dashboard/attendance/create');
    expect(screen.getByRole('link', { name: 'Take Attendance' }).getAttribute('href')).toBe('/dashboard/attendance/class');
    expect(screen.getByRole('link', { name: 'Edit attendance of Amina Rahimi for February 2025' }).getAttribute('href')).toBe('/dashboard/attendance/edit/5');
    expect(screen.queryByRole('button', { name: /^Delete attendance/ })).toBeNull();
  });

  it("says the spec's empty text", async () => {
    renderPage([PERMISSION.attendance.view], () => jsonResponse(page([])));
    expect(await screen.findByText('No attendance records found for the selected criteria')).toBeTruthy();
  });

  it('says a failed load with the server message', async () => {
    renderPage([PERMISSION.attendance.view], () => jsonResponse({ message: 'Database unavailable' }, 500));
    expect(await screen.findByText('Error loading attendance: Database unavailable', {}, { timeout: 5000 })).toBeTruthy();
  });
});

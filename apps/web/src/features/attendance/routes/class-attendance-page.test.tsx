import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PERMISSION, ROLE } from '@app/shared/permissions';
import { makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { ClassAttendancePage } from './class-attendance-page.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderOn(day: Date, entry = '/dashboard/attendance/class') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(day);
  const user = makeUser({ roleNames: [ROLE.teacher], permissionNames: [PERMISSION.attendance.create] });
  storeSession(user);
  stubServer(user);
  renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/dashboard/attendance/class" element={<ClassAttendancePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const chosen = (label: string) => (screen.getByLabelText(label) as HTMLSelectElement).value;

describe('<ClassAttendancePage> month', { timeout: 15_000 }, () => {
  it('opens on the month just ended in the first ten days of a month', async () => {
    renderOn(new Date(2026, 10, 5, 9));
    await screen.findByLabelText('Month');
    expect([chosen('Month'), chosen('Year')]).toEqual(['10', '2026']);
  });

  it('opens on the month in progress later in the month', async () => {
    renderOn(new Date(2026, 10, 28, 9));
    await screen.findByLabelText('Month');
    expect([chosen('Month'), chosen('Year')]).toEqual(['11', '2026']);
  });

  it('opens on December of the year before early in January', async () => {
    renderOn(new Date(2027, 0, 4, 9));
    await screen.findByLabelText('Month');
    expect([chosen('Month'), chosen('Year')]).toEqual(['12', '2026']);
  });

  it('keeps the month the link asks for', async () => {
    renderOn(new Date(2026, 10, 5, 9), '/dashboard/attendance/class?month=3&year=2026');
    await screen.findByLabelText('Month');
    expect([chosen('Month'), chosen('Year')]).toEqual(['3', '2026']);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Attendance } from '@app/shared/schemas/attendance.schema';
import { jsonResponse, renderWithProviders, stubServer } from '../../../test/render.tsx';
import { AttendanceForm, type AttendanceFormSubmission } from './attendance-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const CHILDREN = [{ id: 3, first_name: 'Amina', last_name: 'Rahimi', father_name: 'Karim', class_grade: '4' }];
// Mid-March of the current year: the month list of this year stops at March.
const NOW = new Date(new Date().getFullYear(), 2, 15);
const THIS_YEAR = String(NOW.getFullYear());

function renderForm(record?: Attendance) {
  stubServer(null, (url) => (url.startsWith('/api/orphans?') ? jsonResponse({ data: { data: CHILDREN } }) : undefined));
  const onSubmit = vi.fn(async (_s: AttendanceFormSubmission) => {});
  renderWithProviders(<AttendanceForm record={record} onSubmit={onSubmit} onCancel={vi.fn()} now={NOW} />);
  return { onSubmit, user: userEvent.setup({ delay: null }) };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
const monthNames = () => within(field('Month')).getAllByRole('option').map((o) => o.textContent);

describe('<AttendanceForm>', { timeout: 15_000 }, () => {
  it('offers the months up to now in the current year, all twelve in an earlier one', async () => {
    const { user } = renderForm();
    expect((field('Year') as HTMLSelectElement).value).toBe(THIS_YEAR);
    expect((field('Month') as HTMLSelectElement).value).toBe('3');
    expect(monthNames()).toEqual(['Select...', 'January', 'February', 'March']);
    await user.selectOptions(field('Year'), String(NOW.getFullYear() - 1));
    expect(monthNames()).toHaveLength(13);
    await user.selectOptions(field('Month'), '11');
    // Back to this year: November is not offered, so the choice is cleared.
    await user.selectOptions(field('Year'), THIS_YEAR);
    expect((field('Month') as HTMLSelectElement).value).toBe('');
    expect(monthNames()).toHaveLength(4);
  });

  it('shows the total of the days as they are typed', async () => {
    const { user } = renderForm();
    expect(screen.getByText('Total days recorded: 0')).toBeTruthy();
    await user.type(field('Present Days'), '18');
    await user.type(field('Absent Days'), '2');
    await user.type(field('Late Days'), '1');
    expect(screen.getByText('Total days recorded: 21')).toBeTruthy();
  });

  it("shows the shared schema's messages and sends nothing", async () => {
    const { onSubmit, user } = renderForm();
    await user.type(field('Present Days'), '15');
    await user.type(field('Absent Days'), '2');
    await user.type(field('Late Days'), '-1');
    fireEvent.click(screen.getByRole('button', { name: 'Record Attendance' }));
    expect(await screen.findByText('An orphan must be selected')).toBeTruthy();
    expect(screen.getByText('Must be at least 0')).toBeTruthy();
    expect(screen.getAllByText('This field is required')).toHaveLength(1); // excused days
    await user.clear(field('Late Days'));
    await user.type(field('Late Days'), '0');
    await user.type(field('Excused Days'), '0');
    fireEvent.click(screen.getByRole('button', { name: 'Record Attendance' }));
    expect(await screen.findByText('Reason is required when there are absent or late days')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the record when the rules hold', async () => {
    const { onSubmit, user } = renderForm();
    await screen.findByRole('option', { name: 'Amina Rahimi (Karim) · Grade 4 · ID 3' });
    await user.selectOptions(field('Orphan'), '3');
    // January: never a future month, whenever the test runs (the schema checks against the real date).
    await user.selectOptions(field('Month'), '1');
    for (const [label, value] of [['Present Days', '17'], ['Absent Days', '1'], ['Late Days', '0'], ['Excused Days', '2']]) await user.type(field(label!), value!);
    await user.type(field('Reason for Absence or Lateness'), 'Fever');
    fireEvent.click(screen.getByRole('button', { name: 'Record Attendance' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].values).toMatchObject({ orphan_id: 3, month: 1, year: NOW.getFullYear(), present_days: 17, absent_days: 1, late_days: 0, excused_days: 2, absence_reasons: 'Fever' });
  });

  it('locks the orphan, month and year when editing', async () => {
    const record = {
      id: 5, orphan_id: 3, first_name: 'Amina', last_name: 'Rahimi', father_name: 'Karim', class_grade: '4', month: 1, year: 2024,
      present_days: 20, absent_days: 0, late_days: 0, excused_days: 0, total_days: 20, absence_reasons: null, notes: null,
      created_at: '2024-02-01T08:00:00Z', updated_at: '2024-02-01T08:00:00Z',
    } satisfies Attendance;
    const { onSubmit, user } = renderForm(record);
    for (const [label, value] of [['Orphan', 'Amina Rahimi'], ['Month', 'January'], ['Year', '2024']]) {
      const input = field(label!) as HTMLInputElement;
      expect(input.readOnly).toBe(true);
      expect(input.value).toBe(value);
    }
    expect(screen.getByText('Total days recorded: 20')).toBeTruthy();
    await user.clear(field('Present Days'));
    await user.type(field('Present Days'), '19');
    await user.type(field('Excused Days'), '{backspace}1');
    fireEvent.click(screen.getByRole('button', { name: 'Update Attendance' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ values: { orphan_id: 3, month: 1, year: 2024, present_days: 19, excused_days: 1 }, updatedAt: '2024-02-01T08:00:00Z' });
  });
});

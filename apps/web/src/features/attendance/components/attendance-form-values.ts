import { ATTENDANCE_COUNT_FIELDS, type Attendance, type AttendanceCountField } from '@app/shared/schemas/attendance.schema';

/**
 * The attendance form's values, named after the shared schema's fields: the counts are numbers
 * (read `valueAsNumber`; an emptied input is NaN, which the schema reads as "not given"), the
 * rest the strings the controls hold.
 */
export type AttendanceFormValues = {
  orphan_id: string;
  month: string;
  year: string;
  absence_reasons: string;
  notes: string;
} & { [K in AttendanceCountField]?: number };

export type AttendanceFormField = keyof AttendanceFormValues;

export const ATTENDANCE_FORM_FIELDS: readonly AttendanceFormField[] = ['orphan_id', 'month', 'year', ...ATTENDANCE_COUNT_FIELDS, 'absence_reasons', 'notes'];

/** A new record: this month of this year. */
export function emptyAttendanceForm(now = new Date()): AttendanceFormValues {
  return { orphan_id: '', month: String(now.getMonth() + 1), year: String(now.getFullYear()), absence_reasons: '', notes: '' };
}

export function attendanceToFormValues(record: Attendance): AttendanceFormValues {
  return {
    orphan_id: String(record.orphan_id),
    month: String(record.month),
    year: String(record.year),
    present_days: record.present_days,
    absent_days: record.absent_days,
    late_days: record.late_days,
    excused_days: record.excused_days,
    absence_reasons: record.absence_reasons ?? '',
    notes: record.notes ?? '',
  };
}

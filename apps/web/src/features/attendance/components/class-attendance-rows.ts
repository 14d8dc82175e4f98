import { ATTENDANCE_COUNT_FIELDS, type Attendance, type AttendanceBatchInput, type AttendanceCountField } from '@app/shared/schemas/attendance.schema';

/**
 * The class grid's rows as typed (strings, as the inputs hold them) and the batch built from
 * them. Pure, so what is sent for which typing is unit-tested.
 */
export type GridRow = { [K in AttendanceCountField]: string } & { absence_reasons: string; notes: string };
export type GridField = AttendanceCountField | 'absence_reasons';
/** A row's messages, by field ('row' for what belongs to no one field). */
export type RowErrors = Partial<Record<GridField | 'orphan_id' | 'row', string>>;

export const EMPTY_ROW: GridRow = { present_days: '', absent_days: '', late_days: '', excused_days: '', absence_reasons: '', notes: '' };

/** The grid prefilled: a child's stored record for the month, else blanks. */
export function initialRows(childIds: readonly number[], records: readonly Attendance[]): Record<number, GridRow> {
  const byChild = new Map(records.map((r) => [r.orphan_id, r]));
  const rows: Record<number, GridRow> = {};
  for (const id of childIds) {
    const r = byChild.get(id);
    rows[id] = r
      ? {
          present_days: String(r.present_days),
          absent_days: String(r.absent_days),
          late_days: String(r.late_days),
          excused_days: String(r.excused_days),
          absence_reasons: r.absence_reasons ?? '',
          notes: r.notes ?? '',
        }
      : { ...EMPTY_ROW };
  }
  return rows;
}

const typed = (row: GridRow) => ATTENDANCE_COUNT_FIELDS.some((f) => row[f].trim() !== '') || row.absence_reasons.trim() !== '';

/** A count as typed: blank is 0 in a row being recorded (a teacher types only the days there were); anything else as a number. */
const count = (value: string): number => (value.trim() === '' ? 0 : Number(value));

/**
 * The batch for the children whose rows hold anything (untouched rows are left out: nothing is
 * recorded for them), in grid order; `order` gives each sent row's child, to place the server's
 * `rows.{i}` messages.
 */
export function buildBatch(month: number, year: number, childIds: readonly number[], rows: Record<number, GridRow>): { batch: AttendanceBatchInput; order: number[] } {
  const order = childIds.filter((id) => rows[id] && typed(rows[id]));
  return {
    order,
    batch: {
      month,
      year,
      rows: order.map((id) => {
        const row = rows[id]!;
        return {
          orphan_id: id,
          present_days: count(row.present_days),
          absent_days: count(row.absent_days),
          late_days: count(row.late_days),
          excused_days: count(row.excused_days),
          absence_reasons: row.absence_reasons,
          notes: row.notes,
        };
      }),
    },
  };
}

const ROW_FIELDS: readonly string[] = [...ATTENDANCE_COUNT_FIELDS, 'absence_reasons', 'orphan_id'];

/** The shared schema's issues as the server words a 422: messages by dotted path. */
export function issuesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path.map(String).join('.')] ??= []).push(issue.message);
  return errors;
}

/**
 * Messages keyed `rows.{i}.{field}` (the shared schema's issue paths and the server's 422) as
 * each child's row errors; the rest (month, year, the batch itself) as one list.
 */
export function errorsByChild(errors: Record<string, readonly string[] | undefined>, order: readonly number[]): { rows: Record<number, RowErrors>; other: string[] } {
  const rows: Record<number, RowErrors> = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages?.find(Boolean);
    if (!message) continue;
    const m = /^rows\.(\d+)(?:\.(\w+))?$/.exec(key);
    const child = m ? order[Number(m[1])] : undefined;
    if (child === undefined) {
      other.push(message);
      continue;
    }
    const field = ROW_FIELDS.includes(m![2] ?? '') ? (m![2] as keyof RowErrors) : 'row';
    rows[child] = { ...rows[child], [field]: message };
  }
  return { rows, other };
}

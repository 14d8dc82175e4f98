import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ATTENDANCE_COUNT_FIELDS, attendanceBatchSchema, type Attendance } from '@app/shared/schemas/attendance.schema';
import type { OrphanListItem } from '@app/shared/schemas/orphan.schema';
import { ClassGrid, childName } from '../../../components/class-roster.tsx';
import { EntryForm, type EntryColumn } from '../../../components/entry-grid.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NumberInput } from '../../../components/ui/number-input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { messageOr } from '../../../lib/server-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useSaveAttendanceBatch } from '../api/save-attendance-batch.ts';
import { liveTotal } from './attendance-periods.ts';
import { EMPTY_ROW, buildBatch, errorsByChild, initialRows, issuesByPath, type GridField, type GridRow, type RowErrors } from './class-attendance-rows.ts';
import { UnsavedGuard } from '../../../components/unsaved-guard.tsx';
import { useAttendanceFormat } from './use-attendance-format.ts';

interface ClassAttendanceGridProps {
  month: number;
  year: number;
  /** The class's active children, in the order of the grid. */
  students: readonly OrphanListItem[];
  /** Their records already stored for the month: the grid starts from them. */
  records: readonly Attendance[];
  /** The class, as the outbox lists the month when it is kept on this phone. */
  classLabel: string;
}

const COLUMN_LABEL: Record<GridField, 'columns.present' | 'columns.absent' | 'columns.late' | 'columns.excused' | 'class.reason'> = {
  present_days: 'columns.present',
  absent_days: 'columns.absent',
  late_days: 'columns.late',
  excused_days: 'columns.excused',
  absence_reasons: 'class.reason',
};

/** The choices the grid is for (in the page's address): changing one builds a new grid. */
const CLASS_MONTH_PARAMS = ['grade', 'month', 'year'];

/**
 * "Take Attendance": one row per child, the four counts and a reason, saved as one batch — all
 * rows or none. The shared batch schema checks the rows before anything is sent, the server
 * checks them again; either's messages appear on the row of the child they name.
 */
export function ClassAttendanceGrid({ month, year, students, records, classLabel }: ClassAttendanceGridProps) {
  const { t } = useTranslation('attendance');
  const { t: dashboardText } = useTranslation('dashboard');
  const format = useAttendanceFormat();
  const ids = students.map((s) => s.id);
  const [rows, setRows] = useState(() => initialRows(ids, records));
  const [errors, setErrors] = useState<Record<number, RowErrors>>({});
  const [banner, setBanner] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  // Typed since the grid opened or was last saved: changing the month or leaving asks first.
  const [dirty, setDirty] = useState(false);
  const save = useSaveAttendanceBatch();

  const change = (id: number, field: keyof GridRow, value: string) => {
    setRows((all) => ({ ...all, [id]: { ...EMPTY_ROW, ...all[id], [field]: value } }));
    setDirty(true);
    if (errors[id]) setErrors(({ [id]: _fixed, ...rest }) => rest);
  };

  const showErrors = (byPath: Record<string, readonly string[] | undefined>, order: number[]) => {
    const placed = errorsByChild(byPath, order);
    setErrors(placed.rows);
    setBanner({ tone: 'error', text: [t('class.failed'), ...placed.other.map((m) => translateMessage(t, m) ?? m)].join(' ') });
  };

  const submit = async () => {
    setBanner(null);
    const { batch, order } = buildBatch(month, year, ids, rows);
    if (order.length === 0) {
      setBanner({ tone: 'info', text: t('class.nothingToSave') });
      return;
    }
    const checked = attendanceBatchSchema.safeParse(batch);
    if (!checked.success) {
      showErrors(issuesByPath(checked.error.issues), order);
      return;
    }
    try {
      const sent = await save.mutateAsync({ batch: checked.data, label: { kind: 'attendance-month', subject: classLabel, period: format.month(month, year) } });
      setErrors({});
      setDirty(false);
      if (sent.queued) toast.info(dashboardText('sync.queued'));
      else toast.success(translateMessage(t, sent.answer.message) ?? t('class.saved', { count: order.length }));
    } catch (err) {
      if (isApiError(err) && err.errors) showErrors(err.errors, order);
      else setBanner({ tone: 'error', text: t('class.saveFailed', { message: messageOr(t, err, '') }) });
    }
  };

  const cell = (field: GridField) => (child: OrphanListItem) => {
    const error = errors[child.id]?.[field];
    const common = {
      'aria-label': t('class.rowLabel', { field: t(COLUMN_LABEL[field]), name: childName(child) }),
      invalid: !!error,
      value: rows[child.id]?.[field] ?? '',
      disabled: save.isPending,
    };
    return field === 'absence_reasons' ? (
      <Input {...common} onChange={(e) => change(child.id, field, e.target.value)} dir="auto" className="px-2 py-1.5 max-sm:min-h-11 sm:min-w-48" />
    ) : (
      <NumberInput {...common} onValueChange={(value) => change(child.id, field, value)} className="px-2 py-1.5 tabular-nums max-sm:min-h-11 sm:w-16" />
    );
  };

  const columns: EntryColumn<OrphanListItem>[] = [
    ...ATTENDANCE_COUNT_FIELDS.map((field) => ({ id: field, header: t(COLUMN_LABEL[field]), cell: cell(field), className: 'sm:w-20' })),
    { id: 'absence_reasons', header: t('class.reason'), cell: cell('absence_reasons'), wide: true },
    {
      id: 'total',
      header: t('class.total'),
      className: 'tabular-nums sm:w-16 sm:text-end',
      wide: true,
      cell: (child) => liveTotal(ATTENDANCE_COUNT_FIELDS.map((f) => rows[child.id]?.[f])),
    },
  ];

  return (
    <EntryForm
      hint={t('class.keyboardHint')}
      banner={banner}
      save={{ label: save.isPending ? t('class.saving') : t('class.save'), busy: save.isPending, onSave: submit }}
    >
      <UnsavedGuard dirty={dirty} gridParams={CLASS_MONTH_PARAMS} />
      <ClassGrid
        caption={t('class.title')}
        rows={students}
        rowHeaderLabel={t('class.student')}
        columns={columns}
        rowInvalid={(child) => !!errors[child.id]}
        rowErrors={(child) => errors[child.id]}
        fieldLabel={(field) => (field in COLUMN_LABEL ? t(COLUMN_LABEL[field as GridField]) : undefined)}
        rowErrorsLabel={(child) => t('class.rowErrors', { name: childName(child) })}
      />
    </EntryForm>
  );
}

import { useTranslation } from 'react-i18next';
import { PERMISSION } from '@app/shared/permissions';
import type { Attendance } from '@app/shared/schemas/attendance.schema';
import { useCan } from '../../../components/can.tsx';
import { CellLink, DataTable } from '../../../components/list/data-table.tsx';
import { useAttendanceFormat } from './use-attendance-format.ts';

interface AttendanceTableProps {
  rows: readonly Attendance[];
  onDelete: (record: Attendance) => void;
}

const count = 'tabular-nums text-end';

/** Monthly records; Edit and Delete follow the attendance permissions (spec section 6). */
export function AttendanceTable({ rows, onDelete }: AttendanceTableProps) {
  const { t } = useTranslation('attendance');
  const canEdit = useCan(PERMISSION.attendance.edit);
  const canDelete = useCan(PERMISSION.attendance.delete);
  const format = useAttendanceFormat();
  const named = (record: Attendance) => ({ name: format.child(record), period: format.period(record) });

  return (
    <DataTable
      rows={rows}
      columns={[
        {
          id: 'student',
          header: t('columns.student'),
          key: true,
          cell: (record) => <CellLink to={`/dashboard/orphans/${record.orphan_id}`}>{format.child(record)}</CellLink>,
        },
        { id: 'period', header: t('columns.period'), key: true, cell: (record) => format.period(record), className: 'whitespace-nowrap' },
        { id: 'present', header: t('columns.present'), cell: (record) => record.present_days, className: count },
        { id: 'absent', header: t('columns.absent'), cell: (record) => record.absent_days, className: count },
        { id: 'late', header: t('columns.late'), cell: (record) => record.late_days, className: count },
        { id: 'excused', header: t('columns.excused'), cell: (record) => record.excused_days, className: count },
        { id: 'total', header: t('columns.total'), key: true, cell: (record) => record.total_days, className: count },
      ]}
      actions={[
        { kind: 'edit', label: (record) => t('actions.editNamed', named(record)), allowed: canEdit, to: (record) => `/dashboard/attendance/edit/${record.id}` },
        { kind: 'delete', label: (record) => t('actions.deleteNamed', named(record)), allowed: canDelete, onSelect: onDelete },
      ]}
    />
  );
}

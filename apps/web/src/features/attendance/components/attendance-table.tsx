import { useTranslation } from 'react-i18next';
import type { Attendance } from '@app/shared/schemas/attendance.schema';
import { SchoolRecordTable } from '../../../components/school-record-table.tsx';
import { useAttendanceFormat } from './use-attendance-format.ts';

interface AttendanceTableProps {
  rows: readonly Attendance[];
  onDelete: (record: Attendance) => void;
}

const count = 'tabular-nums text-end';

/** Monthly records, the child linking to their details; Edit and Delete follow the attendance permissions (spec section 6). */
export function AttendanceTable({ rows, onDelete }: AttendanceTableProps) {
  const { t } = useTranslation('attendance');
  const format = useAttendanceFormat();
  return (
    <SchoolRecordTable
      feature="attendance"
      rows={rows}
      student={{ name: format.child, to: (record) => `/dashboard/orphans/${record.orphan_id}` }}
      named={(record) => ({ name: format.child(record), period: format.period(record) })}
      onDelete={onDelete}
      columns={[
        { id: 'period', header: t('columns.period'), key: true, cell: (record) => format.period(record), className: 'whitespace-nowrap' },
        { id: 'present', header: t('columns.present'), cell: (record) => format.count(record.present_days), className: count },
        { id: 'absent', header: t('columns.absent'), cell: (record) => format.count(record.absent_days), className: count },
        { id: 'late', header: t('columns.late'), cell: (record) => format.count(record.late_days), className: count },
        { id: 'excused', header: t('columns.excused'), cell: (record) => format.count(record.excused_days), className: count },
        { id: 'total', header: t('columns.total'), key: true, cell: (record) => format.count(record.total_days), className: count },
      ]}
    />
  );
}

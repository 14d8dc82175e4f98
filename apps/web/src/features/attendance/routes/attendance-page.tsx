import { useTranslation } from 'react-i18next';
import { ClipboardCheck } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import type { Attendance } from '@app/shared/schemas/attendance.schema';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useFeatureList } from '../../../components/list/feature-list.tsx';
import { flatPage, usePagedList } from '../../../components/list/use-paged-list.ts';
import { attendancesQuery } from '../api/get-attendances.ts';
import { useDeleteAttendance } from '../api/delete-attendance.ts';
import { AttendanceFilters } from '../components/attendance-filters.tsx';
import { ATTENDANCE_LIST } from '../components/attendance-list-spec.ts';
import { AttendanceTable } from '../components/attendance-table.tsx';

/** /dashboard/attendance: monthly records with filters and a paginator (spec section 2). */
export function AttendancePage() {
  const { t } = useTranslation('attendance');
  const records = usePagedList(ATTENDANCE_LIST, attendancesQuery, flatPage);
  const { screen, deletion } = useFeatureList<Attendance>('attendance', { remove: useDeleteAttendance().mutateAsync, from: records });

  return (
    <>
      <ListScreen
        id="attendance"
        {...screen}
        links={[{ label: t('list.classEntry'), to: '/dashboard/attendance/class', icon: ClipboardCheck, check: { permission: PERMISSION.attendance.create } }]}
        panel={<AttendanceFilters list={records.list} />}
        {...records}
      >
        <AttendanceTable rows={records.rows} onDelete={deletion.ask} />
      </ListScreen>
      {deletion.dialog}
    </>
  );
}

import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClipboardCheck } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import type { Attendance } from '@app/shared/schemas/attendance.schema';
import { PermissionButton } from '../../../components/can.tsx';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useConfirmDelete } from '../../../components/list/confirm-delete.tsx';
import { flatPage, usePagedList } from '../../../components/list/use-paged-list.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { attendancesQuery } from '../api/get-attendances.ts';
import { useDeleteAttendance } from '../api/delete-attendance.ts';
import { AttendanceFilters } from '../components/attendance-filters.tsx';
import { ATTENDANCE_LIST } from '../components/attendance-list-spec.ts';
import { AttendanceTable } from '../components/attendance-table.tsx';

/** /dashboard/attendance: monthly records with filters and a paginator (spec section 2). */
export function AttendancePage() {
  const { t } = useTranslation('attendance');
  const records = usePagedList(ATTENDANCE_LIST, attendancesQuery, flatPage);
  const remove = useDeleteAttendance();
  const deletion = useConfirmDelete<Attendance>({
    remove: remove.mutateAsync,
    message: t('list.deleteConfirm'),
    done: t('list.deleted'),
    failed: (err) => t('list.deleteFailed', { message: translateMessage(t, err instanceof Error ? err.message : String(err)) }),
    from: records,
  });

  return (
    <>
      <ListScreen
        id="attendance"
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        add={{ label: t('list.add'), permission: PERMISSION.attendance.create, to: '/dashboard/attendance/create' }}
        actions={
          <PermissionButton permission={PERMISSION.attendance.create} variant="outline" asChild>
            <Link to="/dashboard/attendance/class">
              <ClipboardCheck className="h-4 w-4" aria-hidden />
              {t('list.classEntry')}
            </Link>
          </PermissionButton>
        }
        panel={<AttendanceFilters list={records.list} />}
        {...records}
        empty={t('list.empty')}
        error={(message) => t('list.error', { message })}
      >
        <AttendanceTable rows={records.rows} onDelete={deletion.ask} />
      </ListScreen>
      {deletion.dialog}
    </>
  );
}

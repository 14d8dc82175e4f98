import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardChild } from '@app/shared/schemas/dashboard.schema';
import { PERMISSION } from '@app/shared/permissions';
import { Modal } from '../../../components/ui/modal.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/auth-context.tsx';
import { usePendingTasks } from '../api/get-pending-tasks.ts';
import { useOverviewFormat } from './overview-format.ts';

function Children({ items, extra }: { items: Array<DashboardChild & { medical_condition?: string }>; extra: (c: DashboardChild & { medical_condition?: string }) => string }) {
  return (
    <ul className="divide-y divide-gray-200 dark:divide-gray-800">
      {items.map((c) => (
        <li key={c.orphan_id} className="flex items-center justify-between gap-3 py-2">
          <Link to={`/dashboard/orphans/${c.orphan_id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
            {c.name}
          </Link>
          <span className="text-sm text-gray-700 dark:text-gray-300">{extra(c)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Pending Tasks' list, fetched when opened, in its two parts (each only when the user may see it): children in care
 * with no attendance record for last month — with the class attendance screen for that month,
 * for those who record attendance — and children whose health needs attention, gravest first.
 */
export function PendingTasksDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('dashboard');
  const { can } = useAuth();
  const f = useOverviewFormat();
  const list = usePendingTasks(open);
  const missing = list.data?.data.missing_attendance ?? null;
  const medical = list.data?.data.medical ?? null;
  const more = (shown: number, total: number) =>
    total > shown ? <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{t('overview.pending.more', { shown: f.number(shown), total: f.number(total) })}</p> : null;

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('overview.pending.title')} description={t('overview.pending.description')} size="lg">
      {list.isError ? <Notice tone="error">{t('overview.error')}</Notice> : list.isPending ? <Spinner /> : null}
      <div className="space-y-6">
        {missing ? (
          <section aria-labelledby="pending-attendance">
            <h3 id="pending-attendance" className="mb-2 font-semibold">
              {t('overview.pending.attendanceTitle', { month: f.month(missing), count: f.number(missing.total) })}
            </h3>
            {missing.total === 0 ? (
              <p className="text-sm text-gray-700 dark:text-gray-300">{t('overview.pending.attendanceEmpty', { month: f.month(missing) })}</p>
            ) : (
              <>
                <Children items={missing.items} extra={(c) => f.grade(c.class_grade)} />
                {more(missing.items.length, missing.total)}
                {can(PERMISSION.attendance.create) ? (
                  <Link
                    to={`/dashboard/attendance/class?month=${missing.month}&year=${missing.year}`}
                    className="mt-3 inline-block rounded-md bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800"
                  >
                    {t('overview.pending.recordAttendance', { month: f.month(missing) })}
                  </Link>
                ) : null}
              </>
            )}
          </section>
        ) : null}
        {medical ? (
          <section aria-labelledby="pending-medical">
            <h3 id="pending-medical" className="mb-2 font-semibold">
              {t('overview.pending.medicalTitle', { count: f.number(medical.total) })}
            </h3>
            {medical.total === 0 ? (
              <p className="text-sm text-gray-700 dark:text-gray-300">{t('overview.pending.medicalEmpty')}</p>
            ) : (
              <>
                <Children items={medical.items} extra={(c) => f.medical(c.medical_condition ?? '')} />
                {more(medical.items.length, medical.total)}
              </>
            )}
          </section>
        ) : null}
      </div>
    </Modal>
  );
}

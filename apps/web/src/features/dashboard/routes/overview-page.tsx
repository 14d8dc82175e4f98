import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarCheck, GraduationCap, UserPlus } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import { useAuth } from '../../../lib/auth-context.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDashboardData } from '../api/get-dashboard-data.ts';
import { StatCards } from '../components/stat-cards.tsx';
import { RecentActivity } from '../components/recent-activity.tsx';

/**
 * Quick tasks point at the real /dashboard routes (the spec's originals lacked the prefix); Take
 * Attendance opens the class screen, where a teacher records a whole class's month at once.
 */
const QUICK_TASKS = [
  { to: '/dashboard/orphans/create', label: 'addOrphan', icon: UserPlus, permission: PERMISSION.orphan.create },
  { to: '/dashboard/results/create', label: 'submitResults', icon: GraduationCap, permission: PERMISSION.result.create },
  { to: '/dashboard/attendance/class', label: 'takeAttendance', icon: CalendarCheck, permission: PERMISSION.attendance.create },
] as const;

const panelClasses = 'rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900';

export function OverviewPage() {
  const { t } = useTranslation('dashboard');
  const { user, can } = useAuth();
  const { data, isPending, isError } = useDashboardData();
  const tasks = QUICK_TASKS.filter((task) => can(task.permission));

  return (
    <div className="space-y-6">
      <p className="text-gray-600 dark:text-gray-400">{t('overview.welcome', { name: user?.name ?? '' })}</p>
      {isError ? <Notice tone="error">{t('overview.error')}</Notice> : null}
      {isPending ? <Spinner /> : null}
      <StatCards stats={data?.stats} />
      <div className="grid gap-6 lg:grid-cols-3">
        <section className={`${panelClasses} lg:col-span-2`} aria-labelledby="recent-activity">
          <h2 id="recent-activity" className="mb-2 text-lg font-semibold">{t('overview.activity.title')}</h2>
          {isPending ? <Spinner /> : <RecentActivity activities={data?.activities ?? []} />}
        </section>
        <section className={panelClasses} aria-labelledby="quick-tasks">
          <h2 id="quick-tasks" className="mb-3 text-lg font-semibold">{t('overview.quickTasks.title')}</h2>
          {tasks.length > 0 ? (
            <ul className="space-y-2">
              {tasks.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="flex items-center gap-3 rounded-md border border-gray-200 px-4 py-3 text-sm font-medium hover:border-brand-600 hover:bg-brand-50 dark:border-gray-700 dark:hover:bg-brand-900/30"
                  >
                    <Icon className="h-5 w-5 text-brand-700 dark:text-brand-400" aria-hidden />
                    {t(`overview.quickTasks.${label}`)}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">{t('overview.quickTasks.none')}</p>
          )}
        </section>
      </div>
    </div>
  );
}

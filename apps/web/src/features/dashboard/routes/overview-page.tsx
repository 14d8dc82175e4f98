import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarCheck, GraduationCap, UserPlus } from 'lucide-react';
import { ACCESS, PERMISSION } from '@app/shared/permissions';
import { useAuth } from '../../../lib/auth-context.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { SiteOptions } from '../../../components/site-options.tsx';
import { useUserSites } from '../../../lib/user-sites.ts';
import { useDashboardData } from '../api/get-dashboard-data.ts';
import { StatCards } from '../components/stat-cards.tsx';
import { RecentActivity } from '../components/recent-activity.tsx';

// recharts is most of the overview's weight: its own chunk, fetched once the figures are here.
const OverviewCharts = lazy(() => import('../components/overview-charts.tsx').then((m) => ({ default: m.OverviewCharts })));

/**
 * Quick tasks point at the real /dashboard routes (the spec's links lack the prefix, a recorded
 * defect); Take Attendance opens the class screen, where a teacher records a whole class's month
 * at once. Each shows only with the permission its screen needs.
 */
const QUICK_TASKS = [
  { to: '/dashboard/orphans/create', label: 'addOrphan', icon: UserPlus, permission: PERMISSION.orphan.create },
  { to: '/dashboard/results/create', label: 'submitResults', icon: GraduationCap, permission: PERMISSION.result.create },
  { to: '/dashboard/attendance/class', label: 'takeAttendance', icon: CalendarCheck, permission: PERMISSION.attendance.create },
] as const;

const panelClasses = 'rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900';

/** /dashboard: the figures, lists and charts the user may act on, Recent Activity, Quick Tasks (spec section 2). */
export function OverviewPage() {
  const { t } = useTranslation('dashboard');
  const { t: common } = useTranslation();
  const { user, can } = useAuth();
  const site = useOverviewSite();
  const { data, isPending, isError } = useDashboardData(site.value);
  const tasks = QUICK_TASKS.filter((task) => can(task.permission));
  const showActivity = can(PERMISSION.activity.view);
  const charts = data?.charts;
  const anyChart = !!charts && Object.values(charts).some((series) => series !== null);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-gray-700 dark:text-gray-300">{t('overview.welcome', { name: user?.name ?? '' })}</p>
        {site.several ? (
          <SelectField label={common('sites.label')} first={common('sites.all')} value={site.value} onChange={(e) => site.set(e.target.value)} className="w-full sm:w-64">
            <SiteOptions />
          </SelectField>
        ) : null}
      </div>
      {isError ? <Notice tone="error">{t('overview.error')}</Notice> : null}
      {isError ? null : <StatCards data={data} />}
      <div className="grid gap-6 lg:grid-cols-3">
        {showActivity ? (
          <section className={`${panelClasses} lg:col-span-2`} aria-labelledby="recent-activity">
            <div className="mb-2 flex items-baseline justify-between gap-3">
              <h2 id="recent-activity" className="text-lg font-semibold">{t('overview.activity.title')}</h2>
              {can(ACCESS.activities) ? (
                <Link to="/dashboard/activities" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                  {t('overview.activity.viewAll')}
                </Link>
              ) : null}
            </div>
            {isPending ? <Spinner /> : <RecentActivity activities={data?.activities ?? []} />}
          </section>
        ) : null}
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
            <p className="text-sm text-gray-700 dark:text-gray-300">{t('overview.quickTasks.none')}</p>
          )}
        </section>
      </div>
      {charts && anyChart ? (
        <section aria-labelledby="overview-charts" className="space-y-3">
          <h2 id="overview-charts" className="text-lg font-semibold">{t('overview.charts.title')}</h2>
          <Suspense fallback={<Spinner label={t('overview.charts.loading')} />}>
            <OverviewCharts charts={charts} />
          </Suspense>
        </section>
      ) : null}
    </div>
  );
}

/**
 * The overview's site switcher, for a user of several sites: all of them by default, or the one
 * in the address (`site_id`, so a reload or a shared link keeps it) when it is one of theirs.
 */
function useOverviewSite() {
  const [params, setParams] = useSearchParams();
  const { sites, several } = useUserSites();
  const asked = params.get('site_id') ?? '';
  const value = several && sites.some((s) => String(s.id) === asked) ? asked : '';
  const set = (next: string) =>
    setParams(
      (prev) => {
        const query = new URLSearchParams(prev);
        if (next) query.set('site_id', next);
        else query.delete('site_id');
        return query;
      },
      { replace: true },
    );
  return { several, value, set };
}

import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { CalendarDays, ChevronRight, ClipboardList, UserPlus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DashboardCard, DashboardResponse, DashboardStat } from '@app/shared/schemas/dashboard.schema';
import { DASHBOARD_CARDS } from '@app/shared/schemas/dashboard.schema';
import { cn } from '../../../lib/cn.ts';
import { useOverviewFormat } from './overview-format.ts';
import { PendingTasksDialog } from './pending-tasks-dialog.tsx';
import { UpcomingEventsDialog } from './upcoming-events-dialog.tsx';

const LOOK: Record<DashboardCard, { label: 'totalOrphans' | 'newAdmissions' | 'upcomingEvents' | 'pendingTasks'; icon: LucideIcon; tone: string }> = {
  total_orphans: { label: 'totalOrphans', icon: Users, tone: 'bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-200' },
  new_admissions: { label: 'newAdmissions', icon: UserPlus, tone: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200' },
  upcoming_events: { label: 'upcomingEvents', icon: CalendarDays, tone: 'bg-purple-100 text-purple-800 dark:bg-purple-900/40 dark:text-purple-200' },
  pending_tasks: { label: 'pendingTasks', icon: ClipboardList, tone: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200' },
};

const cardClasses =
  'group flex h-full w-full items-center gap-4 rounded-lg border border-gray-200 bg-white p-5 text-start shadow-sm transition-colors ' +
  'hover:border-brand-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
  'dark:border-gray-800 dark:bg-gray-900';

function CardBody({ card, value, detail }: { card: DashboardCard; value: string; detail?: string }) {
  const { t } = useTranslation('dashboard');
  const { icon: Icon, tone, label } = LOOK[card];
  return (
    <>
      <span className={cn('flex h-12 w-12 shrink-0 items-center justify-center rounded-full', tone)}>
        <Icon className="h-6 w-6" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm text-gray-700 dark:text-gray-300">{t(`overview.stats.${label}`)}</span>
        <span className="block text-2xl font-bold" data-testid={`card-${card}`}>{value}</span>
        {detail ? <span className="mt-1 block text-xs text-gray-600 dark:text-gray-400">{detail}</span> : null}
      </span>
      <ChevronRight className="h-5 w-5 shrink-0 text-gray-400 group-hover:text-brand-700 rtl:rotate-180" aria-hidden />
    </>
  );
}

/**
 * The four cards of spec section 2. The server sends only the cards the user may act on; each
 * says what it counts, and leads to the list behind its figure: the orphan list (filtered to the
 * month for admissions), or a dialog listing the events or tasks, each linked to its child.
 */
export function StatCards({ data }: { data?: DashboardResponse }) {
  const { t } = useTranslation('dashboard');
  const f = useOverviewFormat();
  const [open, setOpen] = useState<'events' | 'tasks' | null>(null);

  if (!data) {
    return (
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true" aria-label={t('overview.cards.loading')}>
        {DASHBOARD_CARDS.map((card) => (
          <li key={card} className={cardClasses}>
            <CardBody card={card} value="–" />
          </li>
        ))}
      </ul>
    );
  }
  if (data.stats.length === 0) return null;

  const detailOf = (stat: DashboardStat): string | undefined => {
    switch (stat.key) {
      case 'total_orphans':
        return data.total_orphans ? t('overview.cards.totalOrphans', { onRecord: f.number(data.total_orphans.on_record) }) : undefined;
      case 'new_admissions':
        return data.new_admissions ? t('overview.cards.newAdmissions', { from: f.date(data.new_admissions.from), to: f.date(data.new_admissions.to) }) : undefined;
      case 'upcoming_events':
        return data.upcoming_events ? t('overview.cards.upcomingEvents', { from: f.date(data.upcoming_events.from), to: f.date(data.upcoming_events.to) }) : undefined;
      case 'pending_tasks': {
        const p = data.pending_tasks;
        const month = p?.missing_attendance ? f.month(p.missing_attendance) : '';
        if (p?.missing_attendance && p.medical) return t('overview.cards.pendingTasks', { month });
        return p?.missing_attendance ? t('overview.cards.pendingTasksAttendance', { month }) : t('overview.cards.pendingTasksHealth');
      }
    }
  };

  const cardOf = (stat: DashboardStat): ReactNode => {
    const body = <CardBody card={stat.key} value={f.number(stat.value)} detail={detailOf(stat)} />;
    if (stat.href) {
      return (
        <Link to={stat.href} className={cardClasses}>
          {body}
        </Link>
      );
    }
    const which = stat.key === 'upcoming_events' ? 'events' : 'tasks';
    return (
      <button type="button" className={cardClasses} aria-haspopup="dialog" onClick={() => setOpen(which)}>
        {body}
        <span className="sr-only">{t('overview.cards.openList')}</span>
      </button>
    );
  };

  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label={t('overview.cards.label')}>
        {data.stats.map((stat) => (
          <li key={stat.key}>{cardOf(stat)}</li>
        ))}
      </ul>
      {data.upcoming_events ? <UpcomingEventsDialog open={open === 'events'} onOpenChange={(o) => setOpen(o ? 'events' : null)} counts={data.upcoming_events} /> : null}
      {data.pending_tasks ? <PendingTasksDialog open={open === 'tasks'} onOpenChange={(o) => setOpen(o ? 'tasks' : null)} /> : null}
    </>
  );
}

import type { LucideIcon } from 'lucide-react';
import { CalendarDays, ClipboardList, UserPlus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import type { DashboardStat } from '../api/get-dashboard-data.ts';

type StatKey = 'totalOrphans' | 'newAdmissions' | 'upcomingEvents' | 'pendingTasks';

/** The four cards of spec section 2, in order, with the server's English label for each. */
const CARDS: { key: StatKey; serverLabel: string; icon: LucideIcon; tone: string }[] = [
  { key: 'totalOrphans', serverLabel: 'total orphans', icon: Users, tone: 'bg-blue-100 text-blue-700 dark:bg-blue-900/40 dark:text-blue-300' },
  { key: 'newAdmissions', serverLabel: 'new admissions', icon: UserPlus, tone: 'bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300' },
  { key: 'upcomingEvents', serverLabel: 'upcoming events', icon: CalendarDays, tone: 'bg-purple-100 text-purple-700 dark:bg-purple-900/40 dark:text-purple-300' },
  { key: 'pendingTasks', serverLabel: 'pending tasks', icon: ClipboardList, tone: 'bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300' },
];

function valueFor(stats: DashboardStat[] | undefined, label: string, index: number): string {
  if (!stats) return '–';
  const match = stats.find((s) => s.label?.trim().toLowerCase() === label) ?? stats[index];
  return match ? String(match.value) : '–';
}

export function StatCards({ stats }: { stats?: DashboardStat[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {CARDS.map(({ key, serverLabel, icon: Icon, tone }, index) => (
        <li key={key} className="flex items-center gap-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
          <span className={cn('flex h-12 w-12 items-center justify-center rounded-full', tone)}>
            <Icon className="h-6 w-6" aria-hidden />
          </span>
          <div>
            <p className="text-sm text-gray-600 dark:text-gray-400">{t(`overview.stats.${key}`)}</p>
            <p className="text-2xl font-bold">{valueFor(stats, serverLabel, index)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

import type { LucideIcon } from 'lucide-react';
import { BarChart3, CalendarDays, ClipboardList, UserPlus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import type { DashboardStat } from '../api/get-dashboard-data.ts';

type StatKey = 'totalOrphans' | 'newAdmissions' | 'upcomingEvents' | 'pendingTasks';

/** The four cards of spec section 2, in order, keyed by the server's English label. */
const CARDS: { key: StatKey; serverLabel: string; icon: LucideIcon; tone: string }[] = [
  { key: 'totalOrphans', serverLabel: 'total orphans', icon: Users, tone: 'bg-blue-100 text-blue-700 dark:bg-blue-900/40 dark:text-blue-300' },
  { key: 'newAdmissions', serverLabel: 'new admissions', icon: UserPlus, tone: 'bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300' },
  { key: 'upcomingEvents', serverLabel: 'upcoming events', icon: CalendarDays, tone: 'bg-purple-100 text-purple-700 dark:bg-purple-900/40 dark:text-purple-300' },
  { key: 'pendingTasks', serverLabel: 'pending tasks', icon: ClipboardList, tone: 'bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300' },
];
const OTHER_TONE = 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300';

interface Card {
  id: string;
  label: string;
  value: string;
  icon: LucideIcon;
  tone: string;
}

/**
 * The server sends only the figures the user may see, so a card shows when its figure arrived.
 * Before the answer (or after an error) the four cards show a dash.
 */
export function StatCards({ stats }: { stats?: DashboardStat[] }) {
  const { t } = useTranslation('dashboard');
  const byLabel = (label: string) => CARDS.find((c) => c.serverLabel === label.trim().toLowerCase());
  // Known cards in the spec's order, figures the client does not know yet after them.
  const rank = (stat: DashboardStat) => {
    const known = byLabel(stat.label);
    return known ? CARDS.indexOf(known) : CARDS.length;
  };

  const cards: Card[] = stats
    ? [...stats]
        .sort((a, b) => rank(a) - rank(b))
        .map((stat, i) => {
          const known = byLabel(stat.label);
          return {
            id: known?.key ?? `${stat.label}-${i}`,
            label: known ? t(`overview.stats.${known.key}`) : stat.label,
            value: String(stat.value),
            icon: known?.icon ?? BarChart3,
            tone: known?.tone ?? OTHER_TONE,
          };
        })
    : CARDS.map((c) => ({ id: c.key, label: t(`overview.stats.${c.key}`), value: '–', icon: c.icon, tone: c.tone }));

  if (cards.length === 0) return null;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map(({ id, label, value, icon: Icon, tone }) => (
        <li key={id} className="flex items-center gap-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
          <span className={cn('flex h-12 w-12 items-center justify-center rounded-full', tone)}>
            <Icon className="h-6 w-6" aria-hidden />
          </span>
          <div>
            <p className="text-sm text-gray-600 dark:text-gray-400">{label}</p>
            <p className="text-2xl font-bold">{value}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

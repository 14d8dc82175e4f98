import type { LucideIcon } from 'lucide-react';
import { Activity, CalendarCheck, CalendarDays, FileText, User, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useActivityLabels } from '../../../lib/activity-labels.ts';
import type { ActivityView } from '@app/shared/schemas/activity.schema';

const ICONS: Record<string, LucideIcon> = {
  orphan: Users,
  document: FileText,
  event: CalendarDays,
  attendance: CalendarCheck,
  user: User,
};

export function RecentActivity({ activities }: { activities: ActivityView[] }) {
  const { t } = useTranslation('dashboard');
  // The server may send a human text ("2 hours ago") instead of a time: formatDate shows it unchanged.
  const format = useFormat();
  // The same words as the Activity Log: what was done and to which kind of record, translated.
  const labels = useActivityLabels();
  if (activities.length === 0) return <EmptyState message={t('overview.activity.empty')} className="py-6" />;
  return (
    <ul className="divide-y divide-gray-200 dark:divide-gray-800">
      {activities.map((activity) => {
        const Icon = ICONS[activity.type] ?? Activity;
        return (
          <li key={activity.id} className="flex items-start gap-3 py-3">
            <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300">
              <Icon className="h-4 w-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm">
                <span className="font-medium">{labels.action(activity.action)}</span>
                {': '}
                <span dir="auto">{labels.record(activity)}</span>{' '}
                <span className="text-gray-600 dark:text-gray-400">({labels.subject(activity.subject_type)})</span>
              </p>
              <p className="text-xs text-gray-500 dark:text-gray-400">
                <time dateTime={activity.time}>{format.dateTime(activity.time)}</time>
                {activity.user?.name ? ` · ${t('overview.activity.by', { name: activity.user.name })}` : null}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

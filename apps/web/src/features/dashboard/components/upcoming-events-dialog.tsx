import { Link } from 'react-router';
import { Cake, GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DashboardResponse } from '@app/shared/schemas/dashboard.schema';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUpcomingEvents } from '../api/get-upcoming-events.ts';
import { useOverviewFormat } from './overview-format.ts';

type Counts = NonNullable<DashboardResponse['upcoming_events']>;

/** Upcoming Events' list, fetched when opened: birthdays and exams soonest first, each leading to its child. */
export function UpcomingEventsDialog({ open, onOpenChange, counts }: { open: boolean; onOpenChange: (open: boolean) => void; counts: Counts }) {
  const { t } = useTranslation('dashboard');
  const f = useOverviewFormat();
  const list = useUpcomingEvents(open);
  const events = list.data?.data ?? { ...counts, items: [] };
  const period = { from: f.date(events.from), to: f.date(events.to), birthdays: f.number(events.birthdays ?? 0), exams: f.number(events.exams ?? 0) };
  const description =
    events.birthdays !== null && events.exams !== null
      ? t('overview.events.period', period)
      : events.birthdays !== null
        ? t('overview.events.periodBirthdays', period)
        : t('overview.events.periodExams', period);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('overview.events.title')} description={description} size="lg">
      {list.isError ? (
        <Notice tone="error">{t('overview.error')}</Notice>
      ) : list.isPending ? (
        <Spinner />
      ) : events.items.length === 0 ? (
        <EmptyState message={t('overview.events.empty')} className="py-6" />
      ) : (
        <>
          <ul className="divide-y divide-gray-200 dark:divide-gray-800">
            {events.items.map((e) => {
              const Icon = e.type === 'birthday' ? Cake : GraduationCap;
              return (
                <li key={`${e.type}-${e.result_id ?? e.orphan_id}-${e.date}`} className="flex items-center gap-3 py-3">
                  <Icon className="h-5 w-5 shrink-0 text-brand-700 dark:text-brand-400" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <Link to={`/dashboard/orphans/${e.orphan_id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                      {e.name}
                    </Link>
                    <p className="text-sm text-gray-700 dark:text-gray-300">
                      {e.type === 'birthday' ? t('overview.events.birthday', { age: f.number(e.turns ?? 0) }) : t('overview.events.exam', { subject: e.subject ?? '' })}
                      {e.class_grade !== null ? ` · ${f.grade(e.class_grade)}` : null}
                    </p>
                  </div>
                  <time dateTime={e.date} className="shrink-0 text-sm text-gray-700 dark:text-gray-300">
                    {f.date(e.date)}
                  </time>
                </li>
              );
            })}
          </ul>
          {events.total > events.items.length ? (
            <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">{t('overview.events.more', { shown: f.number(events.items.length), total: f.number(events.total) })}</p>
          ) : null}
        </>
      )}
    </Modal>
  );
}

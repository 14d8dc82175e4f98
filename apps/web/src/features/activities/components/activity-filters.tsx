import { useTranslation } from 'react-i18next';
import { ACTIVITY_SUBJECT_TYPES, ACTIVITY_TYPES } from '@app/shared/schemas/activity.schema';
import { Button } from '../../../components/ui/button.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { ListState } from '../../../components/list/use-list-state.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useActivityUsers } from '../api/get-activity-users.ts';
import type { ActivityFilter } from './activity-list-spec.ts';
import { useActivityLabels } from './use-activity-labels.ts';

interface ActivityFiltersProps {
  id: string;
  list: Pick<ListState<ActivityFilter>, 'params' | 'invalid' | 'hasFilters' | 'setFilters' | 'resetFilters'>;
}

/** The log's filters: who, type, kind of record, from and to (inclusive days), reset. */
export function ActivityFilters({ id, list }: ActivityFiltersProps) {
  const { t } = useTranslation('activities');
  const labels = useActivityLabels();
  const users = useActivityUsers();
  const { params, invalid, setFilters } = list;

  return (
    <section
      id={id}
      aria-label={t('filters.label')}
      className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6 dark:border-gray-700 dark:bg-gray-900"
    >
      <Field label={t('filters.user')} error={users.isError ? t('filters.usersError') : undefined}>
        {(ids) => (
          <Select {...ids} value={params.user_id ?? ''} onChange={(e) => setFilters({ user_id: e.target.value })}>
            <option value="">{t('filters.allUsers')}</option>
            {/* A user chosen by a link before the names arrive stays selected. */}
            {params.user_id && !users.data?.some((u) => String(u.id) === params.user_id) ? <option value={params.user_id}>#{params.user_id}</option> : null}
            {users.data?.map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('filters.type')}>
        {(ids) => (
          <Select {...ids} value={params.type ?? ''} onChange={(e) => setFilters({ type: e.target.value })}>
            <option value="">{t('filters.all')}</option>
            {ACTIVITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {labels.type(type)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('filters.record')} error={translateMessage(t, invalid.subject_type)}>
        {(ids) => (
          // Changing the kind drops a record id that belonged to the old kind.
          <Select {...ids} value={params.subject_type ?? ''} onChange={(e) => setFilters({ subject_type: e.target.value, subject_id: undefined })}>
            <option value="">{t('filters.all')}</option>
            {ACTIVITY_SUBJECT_TYPES.map((kind) => (
              <option key={kind} value={kind}>
                {labels.subject(kind)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {/* In the reader's calendar; the URL keeps ISO Gregorian days. */}
      <DateField label={t('filters.from')} error={translateMessage(t, invalid.date_from)} value={params.date_from ?? ''} max={params.date_to} onChange={(iso) => setFilters({ date_from: iso })} />
      <DateField label={t('filters.to')} error={translateMessage(t, invalid.date_to)} value={params.date_to ?? ''} min={params.date_from} onChange={(iso) => setFilters({ date_to: iso })} />
      <div className="flex items-end">
        <Button variant="outline" onClick={list.resetFilters} disabled={!list.hasFilters} className="w-full">
          {t('filters.reset')}
        </Button>
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { MEDIA_TYPES } from '@app/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { ListState } from '../../../components/list/use-list-state.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import type { GalleryFilter } from './gallery-list-spec.ts';
import { OrphanSelect } from './orphan-select.tsx';

interface GalleryFiltersProps {
  list: Pick<ListState<GalleryFilter>, 'params' | 'invalid' | 'setFilters'>;
}

/** Whose media, which type, and the optional from/to dates (spec section 2), all kept in the URL. */
export function GalleryFilters({ list }: GalleryFiltersProps) {
  const { t } = useTranslation('gallery');
  const { params, invalid, setFilters } = list;
  const narrowed = !!(params.media_type || params.date_from || params.date_to);

  return (
    <section aria-label={t('filters.label')} className="grid w-full gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <Field label={t('filters.orphan')} className="sm:col-span-2 lg:col-span-1">
        {(ids) => <OrphanSelect {...ids} value={params.orphan_id ?? ''} onChange={(e) => setFilters({ orphan_id: e.target.value })} />}
      </Field>
      <Field label={t('filters.mediaType')}>
        {(ids) => (
          <Select {...ids} value={params.media_type ?? ''} onChange={(e) => setFilters({ media_type: e.target.value })}>
            <option value="">{t('filters.allTypes')}</option>
            {MEDIA_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {/* In the reader's calendar; the URL keeps ISO Gregorian days. */}
      <DateField label={t('filters.from')} error={translateMessage(t, invalid.date_from)} value={params.date_from ?? ''} max={params.date_to} onChange={(iso) => setFilters({ date_from: iso })} />
      <DateField label={t('filters.to')} error={translateMessage(t, invalid.date_to)} value={params.date_to ?? ''} min={params.date_from} onChange={(iso) => setFilters({ date_to: iso })} />
      <div className="flex items-end">
        {/* Keeps the child: resetting is for widening what is shown of them. */}
        <Button variant="outline" className="w-full" disabled={!narrowed} onClick={() => setFilters({ media_type: '', date_from: '', date_to: '' })}>
          {t('filters.reset')}
        </Button>
      </div>
    </section>
  );
}

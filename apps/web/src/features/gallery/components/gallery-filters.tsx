import { useTranslation } from 'react-i18next';
import { MEDIA_TYPES } from '@app/shared/constants';
import { Field } from '../../../components/ui/input.tsx';
import { Options } from '../../../components/ui/options.tsx';
import { DateRangeFilter, FilterPanel, FilterSelect, bindFilters, type FilterList } from '../../../components/list/filter-panel.tsx';
import { SiteFilter } from '../../../components/site-options.tsx';
import { useUserSites } from '../../../lib/user-sites.ts';
import type { GalleryFilter } from './gallery-list-spec.ts';
import { OrphanSelect } from './orphan-select.tsx';

interface GalleryFiltersProps {
  list: Pick<FilterList<GalleryFilter>, 'params' | 'invalid' | 'setFilters'>;
}

/**
 * Whose media, which type, and the optional from/to dates (spec section 2), all kept in the URL;
 * for a user of several sites, a site first, which narrows the children offered (and lets go of
 * a child of another).
 */
export function GalleryFilters({ list }: GalleryFiltersProps) {
  const { t } = useTranslation('gallery');
  const { params, setFilters } = list;
  const filter = bindFilters(list);
  const { several } = useUserSites();
  // Reset keeps the child: resetting is for widening what is shown of them.
  const widening = {
    hasFilters: !!(params.media_type || params.date_from || params.date_to),
    resetFilters: () => setFilters({ media_type: '', date_from: '', date_to: '' }),
  };

  return (
    <FilterPanel label={t('filters.label')} columns={several ? 6 : 5} list={widening} resetLabel={t('filters.reset')}>
      <SiteFilter {...filter('site_id', ['orphan_id'])} />
      <Field label={t('filters.orphan')} className="sm:col-span-2 lg:col-span-1">
        {(ids) => <OrphanSelect {...ids} site={params.site_id || undefined} value={params.orphan_id ?? ''} onChange={(e) => setFilters({ orphan_id: e.target.value })} />}
      </Field>
      <FilterSelect label={t('filters.mediaType')} all={t('filters.allTypes')} {...filter('media_type')}>
        <Options values={MEDIA_TYPES} label={(type) => t(`types.${type}`)} />
      </FilterSelect>
      {/* In the reader's calendar; the URL keeps ISO Gregorian days. */}
      <DateRangeFilter list={list} from="date_from" to="date_to" fromLabel={t('filters.from')} toLabel={t('filters.to')} />
    </FilterPanel>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserSites } from '../lib/user-sites.ts';
import { FilterPanel, FilterSelect, bindFilters, type FilterList } from './list/filter-panel.tsx';
import { GradeOptions, OrphanOptions, YearOptions } from './school-options.tsx';
import { SiteFilter } from './site-options.tsx';

/** The filters every school record list offers, by the name its URL gives them. */
type SharedFilter = 'site_id' | 'orphan_id' | 'year' | 'class_grade';

/** A list's own filter: its URL name, label and options. */
export interface OwnFilter<F extends string> {
  name: F;
  label: string;
  options: ReactNode;
}

interface SchoolFiltersProps<F extends string> {
  /** The screen's namespace: its words list.filters, list.reset, list.all and filters.orphan/year/grade. */
  ns: 'results' | 'attendance';
  list: FilterList<F>;
  /** The selects in their order: a shared one by name, or the list's own. */
  filters: readonly (Extract<F, SharedFilter> | OwnFilter<F>)[];
}

/**
 * The filter panel of a school record list (results, attendance): a select per filter, 'All'
 * first, and Reset; the site (shown to a user of several), the child, the year and the class are
 * the same everywhere, the rest is the list's own. A site chosen narrows the children offered
 * and lets go of a child chosen before. Any change goes back to page 1 (the list state does that).
 */
export function SchoolFilters<F extends string>({ ns, list, filters }: SchoolFiltersProps<F>) {
  const { t } = useTranslation(ns);
  const { several } = useUserSites();
  const filter = bindFilters(list);
  const site = (list.params as Partial<Record<string, string>>).site_id || undefined;
  const shared = (name: Extract<F, SharedFilter>): OwnFilter<F> => {
    if (name === 'orphan_id') return { name, label: t('filters.orphan'), options: <OrphanOptions site={site} /> };
    if (name === 'year') return { name, label: t('filters.year'), options: <YearOptions /> };
    return { name, label: t('filters.grade'), options: <GradeOptions /> };
  };
  const shown = filters.filter((one) => one !== 'site_id' || several).length;
  return (
    <FilterPanel label={t('list.filters')} columns={Math.min(6, Math.max(4, shown + 1)) as 4 | 5 | 6} list={list} resetLabel={t('list.reset')}>
      {filters.map((one) => {
        if (one === 'site_id') return <SiteFilter key="site_id" {...filter(one, ['orphan_id' as F])} />;
        const { name, label, options } = typeof one === 'string' ? shared(one) : one;
        return (
          <FilterSelect key={name} label={label} all={t('list.all')} {...filter(name)}>
            {options}
          </FilterSelect>
        );
      })}
    </FilterPanel>
  );
}

import { useTranslation } from 'react-i18next';
import { GRADES, recentYears } from '@app/shared/constants';
import type { OrphanSelectorItem } from '@app/shared/schemas/orphan.schema';
import { formatNumber } from '../lib/format-date.ts';
import { useFormat } from '../lib/use-format.ts';
import { orphanOptionLabel, useOrphanOptions } from '../lib/orphan-options-query.ts';
import { useUserSites } from '../lib/user-sites.ts';

/**
 * The <option> lists that the results and attendance screens (filters, forms, class pickers) all
 * offer: children, class grades, years. Options only, so each screen keeps its own <Select>,
 * label and binding (react-hook-form's `register` or a filter's value).
 */

/** Years offered by the list and form pages: the current year and the 4 before it (spec section 9). */
export const SCHOOL_YEARS = 5;

/** Each year as the reader writes it: a Solar Hijri reader's option names the Solar Hijri years it covers. */
export function YearOptions({ years = recentYears(SCHOOL_YEARS) }: { years?: readonly number[] }) {
  const format = useFormat();
  return (
    <>
      {years.map((year) => (
        <option key={year} value={String(year)}>
          {format.year(year)}
        </option>
      ))}
    </>
  );
}

/** Grades 0 (PREP) to 12, labelled as the orphan screens label them. */
export function GradeOptions() {
  const label = useGradeLabel();
  return (
    <>
      {GRADES.map((grade) => (
        <option key={grade} value={grade}>
          {label(grade)}
        </option>
      ))}
    </>
  );
}

export function useGradeLabel() {
  const { t, i18n } = useTranslation('orphans');
  return (grade: string) => (grade === '0' ? t('grade.prep') : t('grade.numbered', { grade: formatNumber(grade, i18n.language) }));
}

/** A child as every selector names it: name, father, grade and id, and the site for a user of several (lib/orphan-options-query.ts). */
export function useOrphanOptionLabel() {
  const { t } = useTranslation();
  const grade = useGradeLabel();
  const { several } = useUserSites();
  return (o: OrphanSelectorItem) => orphanOptionLabel(o, { grade, id: (id) => t('children.id', { id }), site: several });
}

/**
 * The children to pick from (the shared selector list, GET /orphans?no_pagination=true). A stored
 * record may name a child the selector no longer lists (graduated, say): `keep` adds that one so
 * the select still shows who the record is about. `site` (an id, as a filter holds it) offers only
 * that site's children.
 */
export function OrphanOptions({ keep, site }: { keep?: { id: number; label: string }; site?: string }) {
  const { data } = useOrphanOptions();
  const label = useOrphanOptionLabel();
  const options = (data ?? []).filter((o) => !site || String(o.site_id) === site);
  const missing = keep && !options.some((o) => o.id === keep.id);
  return (
    <>
      {missing ? <option value={String(keep.id)}>{keep.label}</option> : null}
      {options.map((o) => (
        <option key={o.id} value={String(o.id)}>
          {label(o)}
        </option>
      ))}
    </>
  );
}

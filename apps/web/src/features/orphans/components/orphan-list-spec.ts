import { GENDERS, GRADES, ORPHAN_PAGE_SIZES } from '@app/shared/constants';
import { isoDate } from '@app/shared/schemas/common.schema';
import { ORPHAN_MESSAGES, ORPHAN_SORTS } from '@app/shared/schemas/orphan.schema';
import type { ListParams, ListSpec } from '../../../components/list/list-params.ts';
import { isSiteId } from '../../../components/site-options.tsx';

export type OrphanFilter = 'gender' | 'class_grade' | 'admission_from' | 'admission_to' | 'site_id';
export type OrphanListState = ListParams<OrphanFilter>;

const oneOf = (values: readonly string[]) => (value: string) => values.includes(value);
const isDate = (value: string) => isoDate.safeParse(value).success;

/**
 * The orphan list's URL (spec section 7's query): the filters and sorts GET /orphans accepts, and
 * the admission range's rule, checked here so that a backwards range is said beside the filter
 * and never sent (the server would refuse it with a 422).
 */
export const ORPHAN_LIST: ListSpec<OrphanFilter> = {
  sorts: ORPHAN_SORTS,
  defaultSort: 'last_name',
  filters: { gender: oneOf(GENDERS), class_grade: oneOf(GRADES), admission_from: isDate, admission_to: isDate, site_id: isSiteId },
  check: ({ admission_from: from, admission_to: to }) => (from && to && from > to ? { admission_to: ORPHAN_MESSAGES.admissionRangeInvalid } : {}),
  pageSizes: ORPHAN_PAGE_SIZES,
};

/** The trash takes a page, a size and a search. */
export const ORPHAN_TRASH_LIST: ListSpec = { pageSizes: ORPHAN_PAGE_SIZES };

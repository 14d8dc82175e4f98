import { isoDate } from '@app/shared/schemas/common.schema';
import {
  ACTIVITY_DEFAULT_PAGE_SIZE,
  ACTIVITY_MESSAGES,
  ACTIVITY_PAGE_SIZES,
  ACTIVITY_SUBJECT_TYPES,
  ACTIVITY_TYPES,
} from '@app/shared/schemas/activity.schema';
import type { ListParams, ListSpec } from '../../../components/list/list-params.ts';

export type ActivityFilter = 'user_id' | 'type' | 'subject_type' | 'subject_id' | 'date_from' | 'date_to';
export type ActivityListParams = ListParams<ActivityFilter>;

const oneOf = (values: readonly string[]) => (value: string) => values.includes(value);
const isDate = (value: string) => isoDate.safeParse(value).success;
const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value);

/**
 * The activity log's URL: the filters GET /activities accepts, so a reload, Back or a shared link
 * opens the same entries. A backwards range of days, or a record id without its kind, is said
 * beside the filter and never sent (the server would refuse it with a 422).
 */
export const ACTIVITY_LIST: ListSpec<ActivityFilter> = {
  filters: {
    user_id: isId,
    type: oneOf(ACTIVITY_TYPES),
    subject_type: oneOf(ACTIVITY_SUBJECT_TYPES),
    subject_id: isId,
    date_from: isDate,
    date_to: isDate,
  },
  check: ({ date_from: from, date_to: to, subject_type: kind, subject_id: id }) => ({
    ...(from && to && from > to ? { date_to: ACTIVITY_MESSAGES.dateRangeInvalid } : {}),
    ...(id && !kind ? { subject_type: ACTIVITY_MESSAGES.subjectTypeRequired } : {}),
  }),
  pageSizes: ACTIVITY_PAGE_SIZES,
  defaultPageSize: ACTIVITY_DEFAULT_PAGE_SIZE,
};

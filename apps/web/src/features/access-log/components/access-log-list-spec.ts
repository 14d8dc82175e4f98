import { isoDate } from '@app/shared/schemas/common.schema';
import { READ_KINDS, READ_LOG_DEFAULT_PAGE_SIZE, READ_LOG_MESSAGES, READ_LOG_PAGE_SIZES } from '@app/shared/schemas/read-log.schema';
import type { ListParams, ListSpec } from '../../../components/list/list-params.ts';

export type AccessLogFilter = 'user_id' | 'orphan_id' | 'kind' | 'date_from' | 'date_to';
export type AccessLogParams = ListParams<AccessLogFilter>;

const isDate = (value: string) => isoDate.safeParse(value).success;
const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value);

/** The Access log's URL: the filters GET /access-log accepts, so a reload, Back or a shared link opens the same lines. */
export const ACCESS_LOG_LIST: ListSpec<AccessLogFilter> = {
  filters: {
    user_id: isId,
    orphan_id: isId,
    kind: (value) => (READ_KINDS as readonly string[]).includes(value),
    date_from: isDate,
    date_to: isDate,
  },
  check: ({ date_from: from, date_to: to }) => (from && to && from > to ? { date_to: READ_LOG_MESSAGES.dateRangeInvalid } : {}),
  pageSizes: READ_LOG_PAGE_SIZES,
  defaultPageSize: READ_LOG_DEFAULT_PAGE_SIZE,
};

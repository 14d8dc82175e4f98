import { ATTENDANCE_PAGE_SIZES, GRADES } from '@app/shared/constants';
import { ATTENDANCE_DEFAULT_PAGE_SIZE } from '@app/shared/schemas/attendance.schema';
import type { ListSpec } from '../../../components/list/list-params.ts';
import { isSiteId } from '../../../components/site-options.tsx';

export type AttendanceFilter = 'site_id' | 'orphan_id' | 'month' | 'year' | 'class_grade';

/** The attendance list's URL: GET /attendances's filters and the spec's page sizes (10, 25, 50, 100; opens at 10). */
export const ATTENDANCE_LIST: ListSpec<AttendanceFilter> = {
  filters: {
    site_id: isSiteId,
    orphan_id: (value) => /^[1-9]\d{0,9}$/.test(value),
    month: (value) => /^(?:[1-9]|1[0-2])$/.test(value),
    year: (value) => /^\d{4}$/.test(value),
    class_grade: (value) => (GRADES as readonly string[]).includes(value),
  },
  pageSizes: ATTENDANCE_PAGE_SIZES,
  defaultPageSize: ATTENDANCE_DEFAULT_PAGE_SIZE,
};

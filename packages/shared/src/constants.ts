/** Business constants of spec section 9, written once for both sides. */

export const GRADES = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export type Grade = (typeof GRADES)[number];

export const GENDERS = ['male', 'female', 'other'] as const;
export const EXPORT_GENDERS = ['male', 'female'] as const;
export const ORPHAN_STATUSES = ['active', 'inactive', 'graduated'] as const;
export const MEDICAL_CONDITIONS = ['Healthy', 'Minor Issues', 'Needs Attention', 'Critical'] as const;
/** The calendars a user may read and enter dates in: Solar Hijri is `persian` in Intl. */
export const CALENDARS = ['gregorian', 'persian'] as const;
export type CalendarName = (typeof CALENDARS)[number];

export const RESULT_TYPES = ['education', 'discipline', 'course'] as const;
export const MEDIA_TYPES = ['image', 'video', 'document'] as const;
export const FILTER_TERMS = ['First Term', 'Second Term', 'Third Term', 'Final', 'Monthly', 'Year'] as const;
export const EXPORT_TERMS = ['First Term', 'Second Term', 'Third Term', 'Final'] as const;
export const EDUCATION_TERMS = ['Monthly', 'First Term', 'Second Term', 'Third Term', 'Final', 'Year'] as const;
export const COURSE_TERMS = ['First Term', 'Second Term', 'Final'] as const;
export const COURSE_TYPES = ['Language', 'Computer', 'Art', 'Sport', 'Vocational', 'Other'] as const;

export const ORPHAN_PAGE_SIZES = [5, 7, 10, 25, 50, 100] as const;
export const ORPHAN_DEFAULT_PAGE_SIZE = 10;
export const RESULTS_DEFAULT_PAGE_SIZE = 5;
export const ATTENDANCE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ITEMS_PER_PAGE_OPTIONS = [5, 10, 15, 25, 50] as const;
export const DEFAULT_ITEMS_PER_PAGE = 10;
/** The largest page any list call answers; bigger requests are refused with 422. */
export const MAX_PER_PAGE = 100;
/** The largest record id: ids are PostgreSQL `integer`s, and a larger one names no record. */
export const MAX_ID = 2_147_483_647;
export const MAX_SEARCH_LENGTH = 100;

export const PASSWORD_MIN_LENGTH = 8;
export const SEARCH_DEBOUNCE_MS = 500;
export const REACHABILITY_TIMEOUT_MS = 5000;
export const CSRF_LOGIN_DELAY_MS = 100;
export const TOAST_DURATION_MS = 3000;
export const SETTINGS_BANNER_MS = 3000;
export const RECENT_ACTIVITIES_LIMIT = 10;
export const PAGINATOR_MAX_BUTTONS = 5;

export const SIDEBAR_WIDTH_OPEN = 250;
export const SIDEBAR_WIDTH_COLLAPSED = 70;
export const SIDEBAR_COLLAPSE_BELOW = 768;
export const SIDEBAR_OPEN_FROM = 1024;
export const HEADER_SHRINK_AFTER = 20;

export const STORAGE_KEYS = {
  token: 'auth_token',
  user: 'user',
  theme: 'theme',
  sidebar: 'sidebar_open',
  language: 'language',
} as const;

/** Grade bands of spec section 9 live in grade-bands.ts (with their test). */
export { GRADE_BANDS, GRADE_LETTERS, gradeForMarks, gradeForPercent, type GradeLetter } from './grade-bands.ts';

/** Current year and the `count - 1` before it, newest first. */
export function recentYears(count: number, now = new Date()): number[] {
  const y = now.getFullYear();
  return Array.from({ length: count }, (_, i) => y - i);
}

/** Upload limits (spec leaves them open; see docs/decisions/0003-upload-limits.md). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_MEDIA_BYTES = 512 * 1024 * 1024;

/**
 * Gallery limits per media type (decision 0003). The web form checks these defaults
 * before sending; the server enforces its configured numbers (GALLERY_MAX_IMAGE_BYTES,
 * GALLERY_MAX_VIDEO_BYTES, GALLERY_MAX_DOCUMENT_BYTES), and its 413 message names the limit.
 */
/**
 * How long a signed file URL lives (the server's storage/url-signer.ts): at least the TTL, at most
 * TTL + window (expiry is rounded up to a window so a file keeps one URL for a while and browsers
 * cache it). Ten minutes at most: a file whose reader lost access stops being served soon after.
 */
export const SIGNED_URL_TTL_SECONDS = 8 * 60;
export const SIGNED_URL_WINDOW_SECONDS = 2 * 60;

export const MEDIA_MAX_BYTES_DEFAULT = {
  image: 20 * 1024 * 1024,
  video: 2 * 1024 * 1024 * 1024,
  document: 25 * 1024 * 1024,
} as const satisfies Record<(typeof MEDIA_TYPES)[number], number>;
/** What the file input offers per media type (spec section 5). */
export const MEDIA_ACCEPT = {
  image: 'image/*',
  video: 'video/*',
  document: '.pdf,.doc,.docx,.txt',
} as const satisfies Record<(typeof MEDIA_TYPES)[number], string>;
/** The heights videos are transcoded to, lowest first; never above the original's height. */
export const VIDEO_RESOLUTIONS = { '360p': 360, '720p': 720, '1080p': 1080 } as const;
export type VideoResolution = keyof typeof VIDEO_RESOLUTIONS;
export const GALLERY_DEFAULT_PAGE_SIZE = 24;
/** Files at least this large are sent resumably (tus, /api/uploads); smaller ones as one multipart POST. */
export const RESUMABLE_UPLOAD_FROM_BYTES = 5 * 1024 * 1024;
/** The size of one resumable upload request: a lost one costs at most this much again on 3G. */
export const RESUMABLE_CHUNK_BYTES = 5 * 1024 * 1024;

import type { Generated } from 'kysely';
import type { ORPHAN_FIELDS, Orphan, OrphanFieldName, OrphanFieldStorage } from '@app/shared/schemas/orphan.schema';

/**
 * Table types for Kysely. Portable choices (both SQLite and PostgreSQL): timestamps are ISO 8601
 * UTC text, dates `YYYY-MM-DD` text, booleans 0/1 integers, money integer cents.
 * Feature modules add their tables here as their migrations add them.
 */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password: string;
  email_verified_at: string | null;
  /** Migration 0021: the calendar dates are shown and entered in ('gregorian' | 'persian'). */
  calendar: Generated<'gregorian' | 'persian'>;
  /** Migration 0020: the language the user chose ('en' | 'fa-AF' | 'ps-AF'); null: never chose. */
  locale: 'en' | 'fa-AF' | 'ps-AF' | null;
  /** 1: holds every site, present and future (else the sites of `user_sites`). */
  all_sites: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  name: string;
  remember: number;
  last_used_at: string;
  expires_at: string;
  created_at: string;
}

/** A token ended on the server's side, kept until it would have expired so its holder can be told why (migration 0045). */
export interface RevokedTokensTable {
  token_id: number;
  token_hash: string;
  reason: string;
  expires_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Secrets shared by every server process (signing keys), generated on first start. */
export interface AppKeysTable {
  name: string;
  value: string;
}

/** One read of a child's record, a file of theirs or an export (migration 0033; modules/read-log). */
export interface ReadLogTable {
  id: Generated<number>;
  user_id: number | null;
  orphan_id: number | null;
  media_id: number | null;
  /** details, file, progress_report, export (READ_KINDS). */
  kind: string;
  /** JSON: a file's version; an export's kind and filters. */
  detail: string | null;
  /** The client's address as the server sees it (TRUST_PROXY). */
  address: string | null;
  created_at: string;
}

export interface ActivitiesTable {
  id: Generated<number>;
  user_id: number | null;
  /** orphan, document, event, attendance, user, other (spec section 3). */
  type: string;
  /** created, updated, deleted, restored, purged, ... */
  action: string;
  subject_type: string;
  subject_id: number | null;
  /** The child the entry is about (its own record, or one of its results, months or files), else null (migration 0043). */
  orphan_id: number | null;
  /** Human name of the subject at the time (kept when the subject is gone). */
  name: string;
  properties: string | null;
  created_at: string;
}

export interface PagesTable {
  id: Generated<number>;
  title: string;
  slug: string;
  /** Sanitised HTML. */
  content: string;
  meta_title: string | null;
  meta_description: string | null;
  is_published: number;
  created_at: string;
  updated_at: string;
}

export interface ContactsTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip: string | null;
  created_at: string;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  email: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

type OrphanFields = typeof ORPHAN_FIELDS;
type StoredAs<S extends OrphanFieldStorage> = { [K in OrphanFieldName]: OrphanFields[K]['storage'] extends S ? K : never }[OrphanFieldName];
type PartColumns = { [K in StoredAs<'parts'>]: `${K}_${keyof NonNullable<Orphan[K]> & string}` }[StoredAs<'parts'>];

/**
 * The columns of the orphan record's fields, derived from the shared field list
 * (packages/shared/src/schemas/orphan.schema.ts): a plain field is a text column of its own name
 * (nullable unless the field is required), money is `<field>_cents`, and a field kept in parts (the profile) is one text
 * column per part.
 */
export type OrphanFieldColumns = { [K in StoredAs<'plain'>]: null extends Orphan[K] ? string | null : string } & { [K in StoredAs<'cents'> as `${K}_cents`]: number | null } & {
  [C in PartColumns]: string | null;
};

export type OrphansTable = OrphanFieldColumns & {
  id: Generated<number>;
  /** MM-DD of dob (birthdays card). */
  birthday: string;
  /** Storage keys of the display photo and its thumbnail. */
  photo_path: string | null;
  photo_thumb_path: string | null;
  /** Folded words search reads (orphans/orphan-search-text.ts): the child's own names ... */
  search_text: string;
  /** ... father's and grandfather's names (searched with view-family) ... */
  search_family: Generated<string>;
  /** ... and id numbers (searched with view-identity). */
  search_identity: Generated<string>;
  /** Blind-index token of the medical condition (orphans/orphan-sealing.ts): the overview picks children by it. */
  medical_token: Generated<string | null>;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
  /** Set while in the trash. */
  deleted_at: string | null;
  /** The site the child belongs to (always set by the writes; nullable in SQLite's column only). */
  site_id: number;
};

/** An import from a spreadsheet (migration 0039): staged rows until its commit, then what it did. */
export interface ImportsTable {
  id: Generated<number>;
  kind: 'orphans' | 'results' | 'attendance';
  site_id: number;
  user_id: number | null;
  file_name: string;
  status: 'preview' | 'committed' | 'undone';
  /** JSON: the sheet's headings. */
  columns: string;
  /** JSON: the field each column is mapped to, or null. */
  mapping: string;
  row_count: number;
  error_count: number;
  duplicate_count: number;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  skipped_count: Generated<number>;
  created_at: string;
  committed_at: string | null;
  undone_at: string | null;
}

export interface ImportRowsTable {
  id: Generated<number>;
  import_id: number;
  row_number: number;
  /** JSON array of the row's cells as text. */
  cells: string;
  /** JSON [{ field, message }] in English, or null. */
  errors: string | null;
  has_errors: number;
  duplicate_row: number | null;
  duplicate_id: number | null;
  action: 'created' | 'updated' | 'skipped' | null;
  record_id: number | null;
  /** JSON: an updated record's columns before the commit. */
  before: string | null;
  /** The record's updated_at as the commit left it. */
  version: string | null;
}

export interface SitesTable {
  id: Generated<number>;
  name: string;
  kind: 'orphanage' | 'school' | 'other';
  province: string | null;
  address: string | null;
  phone: string | null;
  active: number;
  created_at: string;
  updated_at: string;
}

/** A child's move from one site to another (migration 0036); the child's records move with it. */
export interface TransfersTable {
  id: Generated<number>;
  orphan_id: number;
  from_site_id: number;
  to_site_id: number;
  /** 'YYYY-MM-DD': the day the child moved. */
  date: string;
  reason: string;
  /** Who recorded it; null once that user is deleted. */
  user_id: number | null;
  created_at: string;
}

/** The sites a user holds (besides `users.all_sites`). */
export interface UserSitesTable {
  user_id: number;
  site_id: number;
}

/** A write's idempotency key and, once it succeeded, its answer (migration 0038; plugins/idempotency.ts). */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** sha256 of the method, path and body: the same key on another request is refused. */
  request_hash: string;
  /** Null while the first request is being handled. */
  status_code: number | null;
  /** The answer as JSON, once it succeeded. */
  response: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

/** A gallery item (modules/gallery); paths are storage keys. */
export interface MediaTable {
  id: Generated<number>;
  orphan_id: number;
  media_type: string;
  title: string;
  description: string | null;
  tags: string | null;
  date: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  file_path: string;
  display_path: string | null;
  thumb_path: string | null;
  poster_path: string | null;
  video_360p_path: string | null;
  video_720p_path: string | null;
  video_1080p_path: string | null;
  video_360p_bytes: number | null;
  video_720p_bytes: number | null;
  video_1080p_bytes: number | null;
  width: number | null;
  height: number | null;
  duration: number | null;
  status: string;
  status_reason: string | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Background work claimed atomically by any server process (modules/gallery/jobs.writes.ts). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  media_id: number | null;
  state: string;
  attempts: Generated<number>;
  last_error: string | null;
  claimed_by: string | null;
  claimed_at: string | null;
  run_after: string;
  created_at: string;
  updated_at: string;
}

/** An academic result (modules/results): the fields of its type set, the others null. */
export interface ResultsTable {
  id: Generated<number>;
  orphan_id: number;
  result_type: string;
  subject: string;
  term: string | null;
  exam_date: string;
  year: number;
  grade: string;
  assessed_by: string | null;
  comments: string | null;
  total: number | null;
  average: number | null;
  score: number | null;
  ethics_score: number | null;
  uniform_score: number | null;
  relationship_score: number | null;
  course_type: string | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** One child's attendance for one month (modules/attendance); unique per (orphan_id, year, month). */
export interface AttendancesTable {
  id: Generated<number>;
  orphan_id: number;
  month: number;
  year: number;
  present_days: number;
  absent_days: number;
  late_days: number;
  excused_days: number;
  absence_reasons: string | null;
  notes: string | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A named lock held by one request of any server process (lib/database-locks.ts). */
export interface LocksTable {
  name: string;
  holder: string;
  expires_at: number;
  release_requested: Generated<number>;
}

/** One upload's claim on its user's quota (modules/gallery/upload-quota.ts). */
export interface UploadClaimsTable {
  id: string;
  user_id: number;
  bytes: number;
  created_at: number;
  open: number;
}

/**
 * The overview's summary (migration 0034): kept by triggers only, read by the overview only.
 * Counts are bigint in PostgreSQL: the driver may answer them as text.
 */
export interface OverviewChildrenTable {
  site_id: number;
  on_record: number | string;
  in_care: number | string;
}

export interface OverviewAttendanceMonthsTable {
  site_id: number;
  year: number;
  month: number;
  present_days: number | string;
  absent_days: number | string;
  late_days: number | string;
  excused_days: number | string;
  in_care_records: number | string;
}

export interface OverviewResultDaysTable {
  site_id: number;
  exam_date: string;
  grade: string;
  results: number | string;
  in_care_results: number | string;
}

export interface DB {
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  personal_access_tokens: TokensTable;
  revoked_tokens: RevokedTokensTable;
  settings: SettingsTable;
  app_keys: AppKeysTable;
  activities: ActivitiesTable;
  read_log: ReadLogTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
  locks: LocksTable;
  upload_claims: UploadClaimsTable;
  orphans: OrphansTable;
  sites: SitesTable;
  user_sites: UserSitesTable;
  transfers: TransfersTable;
  imports: ImportsTable;
  import_rows: ImportRowsTable;
  pages: PagesTable;
  contacts: ContactsTable;
  password_reset_tokens: PasswordResetTokensTable;
  media: MediaTable;
  jobs: JobsTable;
  results: ResultsTable;
  attendances: AttendancesTable;
  overview_children: OverviewChildrenTable;
  overview_attendance_months: OverviewAttendanceMonthsTable;
  overview_result_days: OverviewResultDaysTable;
}

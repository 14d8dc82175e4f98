import { z } from 'zod';
import { MAX_ID } from '../constants.ts';
import { optionalId } from './activity.schema.ts';
import { pageQuery, paged } from './common.schema.ts';
import { optionalDate, optionalEnum } from './orphan.schema.ts';

/**
 * The read log (who looked): opening a child's details, a file of theirs downloaded or streamed,
 * a progress report made, an export. Written by the server only; never edited.
 */
export const READ_KINDS = ['details', 'file', 'progress_report', 'export'] as const;
export type ReadKind = (typeof READ_KINDS)[number];

export const READ_LOG_PAGE_SIZES = [10, 25, 50, 100] as const;
export const READ_LOG_DEFAULT_PAGE_SIZE = 25;
/** Entries older than this many days are deleted by the daily job (Settings: read_log_retention_days). */
export const READ_LOG_RETENTION_DEFAULT_DAYS = 730;
export const READ_LOG_RETENTION_MAX_DAYS = 36_500;

export const READ_LOG_MESSAGES = {
  kindInvalid: `The selected kind is invalid. It must be one of: ${READ_KINDS.join(', ')}.`,
  userInvalid: `The user id must be a whole number from 1 to ${MAX_ID}.`,
  orphanInvalid: `The child id must be a whole number from 1 to ${MAX_ID}.`,
  perPageInvalid: `The per page must be one of: ${READ_LOG_PAGE_SIZES.join(', ')}.`,
  dateRangeInvalid: 'The to date must be on or after the from date.',
  retentionInvalid: `The access log retention must be a whole number of days from 1 to ${READ_LOG_RETENTION_MAX_DAYS}.`,
} as const;

const perPage = z
  .union([z.string(), z.number()], { error: READ_LOG_MESSAGES.perPageInvalid })
  .optional()
  .transform((v) => (v == null || String(v).trim() === '' ? READ_LOG_DEFAULT_PAGE_SIZE : Number(String(v).trim())))
  .refine((n) => (READ_LOG_PAGE_SIZES as readonly number[]).includes(n), READ_LOG_MESSAGES.perPageInvalid);

/** GET /access-log: the Access log screen's filters. */
export const readLogQuerySchema = z
  .object({
    page: pageQuery,
    per_page: perPage,
    user_id: optionalId(READ_LOG_MESSAGES.userInvalid),
    orphan_id: optionalId(READ_LOG_MESSAGES.orphanInvalid),
    kind: optionalEnum(READ_KINDS, READ_LOG_MESSAGES.kindInvalid),
    /** Inclusive days (UTC, as the entries' times are stored). */
    date_from: optionalDate('from date'),
    date_to: optionalDate('to date'),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { message: READ_LOG_MESSAGES.dateRangeInvalid, path: ['date_to'] });
export type ReadLogQueryInput = z.input<typeof readLogQuerySchema>;
export type ReadLogQuery = z.output<typeof readLogQuerySchema>;

/** GET /orphans/{id}/views: a page of one child's reads. */
export const orphanViewsQuerySchema = z.object({ page: pageQuery, per_page: perPage });
export type OrphanViewsQueryInput = z.input<typeof orphanViewsQuerySchema>;

/** One read: who, what (the child, a file, an export's kind and filters), from where, when. */
export const readLogItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(READ_KINDS),
  /** Who read; null for a user deleted since. */
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The child read; null for an export (it names its filters instead) or a child purged since. */
  orphan: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  media_id: z.number().int().nullable(),
  /** A file's version (original, 360p…, download); an export's kind and filters. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  address: z.string().nullable(),
  created_at: z.string(),
});
export type ReadLogItem = z.infer<typeof readLogItemSchema>;

export const readLogPageSchema = paged(readLogItemSchema);
export type ReadLogPage = z.infer<typeof readLogPageSchema>;

/** GET /access-log/users: the people the log can be filtered by. */
export const readLogUsersResponseSchema = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string() })) });
export type ReadLogUsersResponse = z.infer<typeof readLogUsersResponseSchema>;

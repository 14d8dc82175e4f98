import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { READ_LOG_RETENTION_DEFAULT_DAYS, READ_LOG_RETENTION_MAX_DAYS } from '@app/shared/schemas/read-log.schema';
import type { DB } from '../../db/schema.ts';
import { scheduleDailyDeletion } from '../../lib/daily-job.ts';
import { getSetting } from '../settings/settings.service.ts';
import { deleteReadsBefore } from './read-log.writes.ts';

/**
 * The read log keeps each line for the retention Settings names (read_log_retention_days,
 * two years unless changed); a daily job deletes older lines. Every server process runs it: the
 * deletion is one statement, and two processes deleting the same old lines at once delete them once.
 */

const DAY_MS = 24 * 60 * 60_000;

export async function retentionDays(db: Kysely<DB>): Promise<number> {
  const n = Number(await getSetting(db, 'read_log_retention_days'));
  return Number.isInteger(n) && n >= 1 && n <= READ_LOG_RETENTION_MAX_DAYS ? n : READ_LOG_RETENTION_DEFAULT_DAYS;
}

/** Delete the lines older than the retention at `now` (the job's clock; a test's fake one). Answers how many went. */
export async function deleteExpiredReads(db: Kysely<DB>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - (await retentionDays(db)) * DAY_MS).toISOString();
  return deleteReadsBefore(db, cutoff);
}

/** At start, then every day, for as long as the server runs. */
export function scheduleReadLogRetention(app: FastifyInstance, clock: () => Date = () => new Date()): void {
  scheduleDailyDeletion(app, { deleted: 'read log: lines past their retention deleted', failed: 'read log: retention deletion failed' }, () => deleteExpiredReads(app.db, clock()));
}

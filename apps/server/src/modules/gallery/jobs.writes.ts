import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, JobsTable, MediaTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

/**
 * The job queue in the database: any server process may claim a job, one at a time
 * each, atomically — on PostgreSQL the candidate row is locked with FOR UPDATE SKIP LOCKED so two
 * processes never take the same one; on SQLite the claim is one UPDATE … RETURNING on the one
 * writer. A claim is a lease: a job still 'running' after `staleBefore` belonged to a process that
 * stopped, and is claimed again (a restart resumes it). Each claim counts an attempt.
 */

export const TRANSCODE_JOB = 'transcode';
export type Job = Selectable<JobsTable>;

interface ClaimArgs {
  worker: string;
  /** Claims older than this are of stopped processes. */
  staleBefore: string;
  maxAttempts: number;
  postgres: boolean;
}

export const claimJob = async (trx: Transaction<DB>, { worker, staleBefore, maxAttempts, postgres }: ClaimArgs): Promise<Job | null> => {
  // A job whose every attempt ended with its process stopping is given up here, not retried for ever.
  for (;;) {
    const now = nowIso();
    const job = await trx
      .updateTable('jobs')
      .set({ state: 'running', claimed_by: worker, claimed_at: now, updated_at: now, attempts: sql<number>`attempts + 1` })
      .where('id', '=', (eb) => {
        const next = eb
          .selectFrom('jobs')
          .select('id')
          .where((w) => w.or([w.and([w('state', '=', 'queued'), w('run_after', '<=', now)]), w.and([w('state', '=', 'running'), w('claimed_at', '<', staleBefore)])]))
          .orderBy('id')
          .limit(1);
        return postgres ? next.forUpdate().skipLocked() : next;
      })
      .returningAll()
      .executeTakeFirst();
    if (!job) return null;
    if (job.attempts <= maxAttempts) return job;
    await giveUp(trx, job, `Processing stopped ${maxAttempts} times without finishing (the server was restarted or ran out of memory).`);
  }
};

async function giveUp(trx: Kysely<DB>, job: Job, reason: string): Promise<void> {
  const now = nowIso();
  await trx.updateTable('jobs').set({ state: 'failed', last_error: reason, claimed_by: null, updated_at: now }).where('id', '=', job.id).execute();
  if (job.media_id !== null) await trx.updateTable('media').set({ status: 'failed', status_reason: reason, updated_at: now }).where('id', '=', job.media_id).execute();
}

/**
 * Still this worker's claim (a stale claim may have been taken over, or the item's file replaced,
 * which deletes its unfinished jobs). `lock` (PostgreSQL) holds the job row to the end of the
 * transaction, so a replacement deleting it waits for what is being recorded, or is seen.
 */
const owns = (trx: Kysely<DB>, jobId: number, worker: string, lock = false) => {
  const q = trx.selectFrom('jobs').select('id').where('id', '=', jobId).where('claimed_by', '=', worker).where('state', '=', 'running');
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

/**
 * The worker still holds the job: its claim's time moves to now, so no other process takes the job
 * over while it runs, however long it takes. False when the claim is no longer this worker's.
 */
export const renewJobClaim = async (trx: Transaction<DB>, { jobId, worker }: { jobId: number; worker: string }): Promise<boolean> => {
  const now = nowIso();
  const done = await trx.updateTable('jobs').set({ claimed_at: now, updated_at: now }).where('id', '=', jobId).where('claimed_by', '=', worker).where('state', '=', 'running').executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
};

/** Whose work is recorded: a worker's claimed job, and whether the database is PostgreSQL (row locks). */
export interface Claim {
  job: Job;
  worker: string;
  postgres: boolean;
}

type VideoFacts = Pick<MediaTable, 'duration' | 'width' | 'height'>;
/** Columns a transcode fills in, one at a time as each is made. */
export type RenditionColumn = 'poster_path' | 'video_360p_path' | 'video_720p_path' | 'video_1080p_path';
/** A resolution's size in bytes, beside its key (the download dialog shows it). */
const SIZE_COLUMNS = { video_360p_path: 'video_360p_bytes', video_720p_path: 'video_720p_bytes', video_1080p_path: 'video_1080p_bytes' } as const;

/** What ffprobe found. False when the item is gone or the job is no longer this worker's. */
export const recordVideoFacts = async (trx: Transaction<DB>, { claim, mediaId, facts }: { claim: Claim; mediaId: number; facts: VideoFacts }): Promise<boolean> => {
  if (!(await owns(trx, claim.job.id, claim.worker, claim.postgres))) return false;
  const row = await trx.updateTable('media').set(facts).where('id', '=', mediaId).returning('id').executeTakeFirst();
  return !!row;
};

/**
 * A finished poster or resolution: its key in its column, so `resolution_urls` shows it at once.
 * False when the item was deleted meanwhile, or its file replaced (the job is gone): the caller
 * then removes the file, which was made from a file the item no longer has.
 */
export const recordRendition = async (trx: Transaction<DB>, { claim, mediaId, column, key, bytes }: { claim: Claim; mediaId: number; column: RenditionColumn; key: string; bytes: number }): Promise<boolean> => {
    if (!(await owns(trx, claim.job.id, claim.worker, claim.postgres))) return false;
    const size = column === 'poster_path' ? {} : { [SIZE_COLUMNS[column]]: bytes };
    const row = await trx.updateTable('media').set({ [column]: key, ...size }).where('id', '=', mediaId).returning('id').executeTakeFirst();
    return !!row;
  };

export const finishJob = async (trx: Transaction<DB>, { job, worker }: { job: Job; worker: string }): Promise<void> => {
  if (!(await owns(trx, job.id, worker))) return;
  const now = nowIso();
  await trx.updateTable('jobs').set({ state: 'done', claimed_by: null, updated_at: now }).where('id', '=', job.id).execute();
  if (job.media_id !== null) await trx.updateTable('media').set({ status: 'ready', status_reason: null, updated_at: now }).where('id', '=', job.media_id).execute();
};

/** A failed attempt: tried again after `retryAfterMs` while attempts remain (and the failure may pass), else failed with its reason. */
export const failJob = async (trx: Transaction<DB>, { job, worker, reason, retry, retryAfterMs, maxAttempts }: { job: Job; worker: string; reason: string; retry: boolean; retryAfterMs: number; maxAttempts: number }): Promise<'retry' | 'failed' | 'lost'> => {
    if (!(await owns(trx, job.id, worker))) return 'lost';
    if (retry && job.attempts < maxAttempts) {
      const now = nowIso();
      const runAfter = new Date(Date.now() + retryAfterMs).toISOString();
      await trx.updateTable('jobs').set({ state: 'queued', claimed_by: null, last_error: reason, run_after: runAfter, updated_at: now }).where('id', '=', job.id).execute();
      return 'retry';
    }
    await giveUp(trx, job, reason);
    return 'failed';
  };

/** A worker stopping with the server gives its job back at once, the attempt not counted (a restart resumes it). */
export const releaseJob = async (trx: Transaction<DB>, { jobId, worker }: { jobId: number; worker: string }): Promise<void> => {
  await trx
    .updateTable('jobs')
    .set({ state: 'queued', claimed_by: null, claimed_at: null, attempts: sql<number>`attempts - 1`, updated_at: nowIso() })
    .where('id', '=', jobId)
    .where('claimed_by', '=', worker)
    .where('state', '=', 'running')
    .execute();
};

/**
 * Claims of this machine's processes that have ended (a crash, kill -9): their jobs are queued
 * again at once, not after the lease, the attempt counted (a file that kills the server each
 * time is given up after `maxAttempts`).
 */
export const reclaimJobs = async (trx: Transaction<DB>, { workers }: { workers: string[] }): Promise<number> => {
  if (!workers.length) return 0;
  const rows = await trx
    .updateTable('jobs')
    .set({ state: 'queued', claimed_by: null, claimed_at: null, updated_at: nowIso() })
    .where('state', '=', 'running')
    .where('claimed_by', 'in', workers)
    .returning('id')
    .execute();
  return rows.length;
};

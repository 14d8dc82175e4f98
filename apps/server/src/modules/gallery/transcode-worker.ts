import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { VIDEO_RESOLUTIONS } from '@app/shared/constants';
import { videoOverTimeMessage } from '@app/shared/schemas/media.schema';
import type { Dialect } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { commitQuietly, localFileOf, newStorageKey, processGone, removeQuietly, type FileStore } from '../storage/storage.service.ts';
import { FfmpegError, poster, probe, targetHeights, transcode, type EncodeLimits, type VideoFacts } from './ffmpeg.ts';
import { encodeWorkDir, type GalleryConfig } from './gallery-config.ts';
import { claimableJobExists, findMediaRecord, runningJobClaims, type MediaRecord } from './gallery.repository.ts';
import { RESOLUTION_COLUMNS } from './gallery.service.ts';
import { claimJob, failJob, finishJob, reclaimJobs, recordRendition, recordVideoFacts, releaseJob, renewJobClaim, type Claim, type Job, type RenditionColumn } from './jobs.writes.ts';
import { endLeftoverEncodes } from './leftover-encodes.ts';
import { GALLERY_FOLDER } from './media-content.ts';
import { workFile } from './received-video.ts';

export interface WorkerDeps {
  db: Kysely<DB>;
  dialect: Dialect;
  store: FileStore;
  config: GalleryConfig;
  log: FastifyBaseLogger;
}

class Stopped extends Error {}

/** A worker's id: this machine's name, the process id, and a random part unique per start. */
const HOST = os.hostname().slice(0, 30);
function workerProcess(worker: string): { host: string; pid: number } | null {
  const [host, pid] = worker.split(':');
  return host !== undefined && pid !== undefined ? { host, pid: Number(pid) } : null;
}

/**
 * Runs the database's transcode jobs in this server process: claims one, makes the
 * poster and each resolution in turn — each recorded as soon as it is stored, so the gallery shows
 * 360p while 720p is still being made — then marks the item ready. A restart resumes an unfinished
 * job where it stopped (what is recorded is not made again); a failed attempt is retried a
 * bounded number of times, then the item is marked failed with the reason. A job has a time and
 * each ffmpeg a memory cap (the configuration): over either, the item fails saying so, and the
 * next job runs. At start the worker ends what a dead server of this storage left running and
 * takes back at once the jobs its dead processes on this machine held.
 */
export class TranscodeWorker {
  /** This worker's name in a job's claim: unique per process start. */
  readonly id = `${HOST}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private stopping = false;
  private wake: (() => void) | null = null;
  private readonly abort = new AbortController();
  private loops: Array<Promise<void>> = [];
  private starting: Promise<void> | null = null;
  private readonly workDir: string;

  constructor(private readonly deps: WorkerDeps) {
    // Beside the stored files and outside every storage key ('.' first): same disk, no copy across devices.
    this.workDir = encodeWorkDir(deps.config);
  }

  /** Clear what dead processes left, then run `transcodeWorkers` loops (none: this process only encodes at upload). */
  start(): Promise<void> {
    this.starting = (async () => {
      const ended = await endLeftoverEncodes(this.workDir, (pid) => pid === process.pid || processGone(pid));
      if (ended) this.deps.log.warn({ ended }, 'transcode: ended encodes a stopped server left running');
      await this.sweepWorkDir();
      await this.reclaimDeadJobs();
      if (this.stopping) return;
      for (let i = 0; i < this.deps.config.transcodeWorkers; i++) this.loops.push(this.loop());
    })();
    return this.starting;
  }

  /** Jobs claimed by this machine's processes that have ended (or by this process id in an earlier start): queued again now. */
  private async reclaimDeadJobs(): Promise<void> {
    const dead = (await runningJobClaims(this.deps.db)).filter((worker) => {
      const owner = workerProcess(worker);
      if (!owner || owner.host !== HOST || worker === this.id) return false;
      return owner.pid === process.pid || processGone(owner.pid);
    });
    const reclaimed = await this.deps.db.transaction().execute((trx) => reclaimJobs(trx, { workers: dead }));
    if (reclaimed) this.deps.log.info({ reclaimed }, 'transcode: took back the jobs of stopped processes');
  }

  /** A job was queued here: look now instead of at the next poll. */
  notify(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.abort.abort();
    this.wake?.();
    await this.starting?.catch(() => {});
    await Promise.allSettled(this.loops);
  }

  /**
   * Half-made files and decrypted copies of processes that are gone. A file under this process's
   * own id is an earlier process's (a restarted container's server has the same id) only if it is
   * older than this process: this sweep runs beside the first uploads, whose copies it must leave.
   */
  private async sweepWorkDir(): Promise<void> {
    await mkdir(this.workDir, { recursive: true });
    const started = Date.now() - process.uptime() * 1000;
    for (const name of await readdir(this.workDir)) {
      const pid = Number(name.split('-')[0]);
      const file = path.join(this.workDir, name);
      const before = pid === process.pid && (await stat(file).then((s) => s.mtimeMs < started, () => false));
      if (before || (pid !== process.pid && processGone(pid))) await rm(file, { force: true });
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let job: Job | null = null;
      try {
        const staleBefore = new Date(Date.now() - this.deps.config.leaseMs).toISOString();
        // A look that finds nothing only reads: an idle worker takes no write lock every poll.
        if (await claimableJobExists(this.deps.db, new Date().toISOString(), staleBefore)) {
          job = await this.deps.db.transaction().execute((trx) => claimJob(trx, { worker: this.id, staleBefore, maxAttempts: this.deps.config.maxAttempts, postgres: this.deps.dialect === 'postgres' }));
        }
      } catch (err) {
        if (this.stopping) return;
        this.deps.log.error({ err }, 'transcode: could not claim a job');
      }
      if (job) await this.runJob(job);
      else await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, this.deps.config.pollMs);
      timer.unref();
      this.wake = done;
    });
  }

  private async runJob(job: Job): Promise<void> {
    const { db, log, config } = this.deps;
    // The job's time, pauses included: past it, its ffmpeg is killed and the item fails saying why.
    const overTime = AbortSignal.timeout(config.jobTimeoutMs);
    const signal = AbortSignal.any([this.abort.signal, overTime]);
    const renewal = this.keepClaim(job);
    try {
      const row = job.media_id === null ? undefined : await findMediaRecord(this.deps.db, job.media_id);
      if (row) await this.transcodeItem(row, { job, worker: this.id, postgres: this.deps.dialect === 'postgres' }, signal);
      await db.transaction().execute((trx) => finishJob(trx, { job, worker: this.id }));
      log.info({ job: job.id, media: job.media_id }, 'transcode: done');
    } catch (caught) {
      const err = overTime.aborted && !this.stopping ? new FfmpegError(videoOverTimeMessage(Math.round(config.jobTimeoutMs / 60_000)), false) : caught;
      if (this.stopping) {
        await db.transaction().execute((trx) => releaseJob(trx, { jobId: job.id, worker: this.id })).catch(() => {});
        return;
      }
      if (err instanceof Stopped) {
        // The item was deleted or its file replaced: its job went with it; nothing failed.
        log.info({ job: job.id, media: job.media_id }, 'transcode: item gone or its file replaced; job dropped');
        return;
      }
      const retry = !(err instanceof FfmpegError) || err.retryable;
      const reason = err instanceof FfmpegError ? err.message : 'Processing failed on the server.';
      const outcome = await db
        .transaction()
        .execute((trx) => failJob(trx, { job, worker: this.id, reason, retry, retryAfterMs: 30_000 * job.attempts, maxAttempts: config.maxAttempts }))
        .catch((e: unknown) => log.error({ err: e }, 'transcode: could not record a failure'));
      log.warn({ err, job: job.id, media: job.media_id, outcome }, 'transcode: attempt failed');
    } finally {
      clearInterval(renewal);
    }
  }

  /**
   * Renews the job's claim a few times per lease while it runs: the lease then only ends when this
   * process does (a crash, a machine lost), and another process takes the job over one lease later.
   */
  private keepClaim(job: Job): NodeJS.Timeout {
    const { db, log, config } = this.deps;
    const timer = setInterval(() => {
      db.transaction()
        .execute((trx) => renewJobClaim(trx, { jobId: job.id, worker: this.id }))
        .then((held) => held || log.warn({ job: job.id }, 'transcode: the job was taken over by another process'))
        .catch((err: unknown) => log.error({ err, job: job.id }, 'transcode: could not renew the job\'s claim'));
    }, Math.max(1_000, config.leaseMs / 3));
    timer.unref();
    return timer;
  }

  /** The file ffmpeg reads: the stored original in place, or a copy where the storage has no local files. */
  private async input(row: MediaRecord): Promise<{ file: string; done: () => Promise<void> }> {
    return localFileOf(this.deps.store.files, row.file_path, this.tempFile(''));
  }

  private tempFile(suffix: string): string {
    return workFile(this.workDir, suffix);
  }

  private async transcodeItem(row: MediaRecord, claim: Claim, signal: AbortSignal): Promise<void> {
    const { config, db } = this.deps;
    const limits: EncodeLimits = { maxMemoryBytes: config.maxEncodeMemoryBytes };
    const input = await this.input(row);
    try {
      const facts = await probe(config.ffprobe, input.file, signal);
      // Not this worker's any more: the item's file was replaced (a new job makes its versions).
      if (!(await db.transaction().execute((trx) => recordVideoFacts(trx, { claim, mediaId: row.id, facts: { width: facts.width, height: facts.height, duration: facts.duration } })))) throw new Stopped();
      if (!row.poster_path) await this.make(claim, row.id, 'poster_path', '.jpg', (out) => poster(config.ffmpeg, input.file, out, facts, signal, limits));
      for (const name of targetHeights(facts, VIDEO_RESOLUTIONS)) {
        const column = RESOLUTION_COLUMNS[name];
        if (row[column]) continue;
        await this.make(claim, row.id, column, '.mp4', (out) => transcode(config.ffmpeg, input.file, out, facts as VideoFacts, VIDEO_RESOLUTIONS[name], signal, limits));
      }
    } finally {
      await input.done();
    }
  }

  /** Make one file, store it (uncommitted until recorded), record it on the item. */
  private async make(claim: Claim, mediaId: number, column: RenditionColumn, suffix: string, produce: (out: string) => Promise<void>): Promise<void> {
    const { store, db, log } = this.deps;
    const out = this.tempFile(suffix);
    const key = newStorageKey(GALLERY_FOLDER, suffix);
    try {
      await produce(out);
      if (this.stopping) throw new Stopped();
      const bytes = (await stat(out)).size;
      await store.files.put(key, createReadStream(out));
      if (!(await db.transaction().execute((trx) => recordRendition(trx, { claim, mediaId, column, key, bytes })))) {
        // The item was deleted or its file replaced meanwhile.
        await removeQuietly(store.files, [key], log);
        throw new Stopped();
      }
      await commitQuietly(store.files, [key], log);
    } catch (err) {
      if (!(err instanceof Stopped)) await removeQuietly(store.files, [key], log);
      if (this.stopping) throw new Stopped();
      throw err;
    } finally {
      await rm(out, { force: true });
    }
  }
}

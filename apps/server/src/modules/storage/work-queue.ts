import { AppError } from '../../lib/app-error.ts';

export const BUSY_MESSAGE = 'The server is busy processing other uploads. Please try again in a moment.';

export interface WorkQueueLimits {
  /** Tasks running at once, at most. */
  concurrency: number;
  /** Bytes the waiting tasks hold together (their uploads), at most; the first to wait always may. */
  maxWaitingBytes: number;
  /** Tasks waiting, at most, whatever they hold: a bound for tasks that hold next to nothing. */
  maxWaiting: number;
  /** The clock that times tasks, for Retry-After (a test gives its own). */
  now?: () => number;
}

interface Waiting {
  bytes: number;
  start(): void;
}

/** What a task is assumed to take before any has finished, in ms. */
const FIRST_GUESS_MS = 1000;
const MAX_RETRY_AFTER_S = 60;

/**
 * Runs at most `concurrency` tasks at once, the rest in arrival order. Refuses with 429 only when
 * the waiting room is full — by what the waiting tasks hold, not by how many there are: thirty 600 kB
 * phone photos waiting hold less than two 10 MB ones (the staff load).
 * The refusal's Retry-After is the time the line ahead should take, from the tasks' recent
 * durations. Not 503: the web reads any 503 as maintenance mode.
 */
export class WorkQueue {
  private running = 0;
  private waitingBytes = 0;
  private readonly waiting: Waiting[] = [];
  /** Moving average of the last tasks' durations, in ms. */
  private averageMs = FIRST_GUESS_MS;
  private readonly now: () => number;

  constructor(readonly limits: WorkQueueLimits) {
    if (limits.concurrency < 1) throw new Error('A work queue needs a concurrency of at least 1.');
    this.now = limits.now ?? (() => performance.now());
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Bytes held by the tasks waiting now. */
  get queuedBytes(): number {
    return this.waitingBytes;
  }

  /** Seconds the tasks running and waiting now should take, by the recent average (at least 1). */
  retryAfterSeconds(): number {
    const seconds = ((this.running + this.waiting.length) * this.averageMs) / this.limits.concurrency / 1000;
    return Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(seconds)));
  }

  /** `bytes`: what the task holds while it waits (an upload's size), counted against maxWaitingBytes. */
  async run<T>(task: () => Promise<T>, bytes = 0): Promise<T> {
    if (this.running < this.limits.concurrency) {
      this.running++;
    } else {
      const full = this.waiting.length >= this.limits.maxWaiting || (this.waiting.length > 0 && this.waitingBytes + bytes > this.limits.maxWaitingBytes);
      if (full) throw new AppError(429, BUSY_MESSAGE, undefined, { 'Retry-After': String(this.retryAfterSeconds()) });
      this.waitingBytes += bytes;
      // The finishing task hands its slot over directly, so `running` never dips and lets a newcomer jump the queue.
      await new Promise<void>((start) => this.waiting.push({ bytes, start }));
    }
    const began = this.now();
    try {
      return await task();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (this.now() - began);
      const next = this.waiting.shift();
      if (next) {
        this.waitingBytes -= next.bytes;
        next.start();
      } else {
        this.running--;
      }
    }
  }
}

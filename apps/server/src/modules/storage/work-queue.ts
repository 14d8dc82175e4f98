import { AppError } from '../../lib/app-error.ts';

export const BUSY_MESSAGE = 'The server is busy processing other uploads. Please try again in a moment.';

/**
 * Runs at most `concurrency` tasks at once, the rest in arrival order. Tasks beyond `maxWaiting`
 * are refused with 429 and Retry-After instead of queueing without end: each waiting image holds
 * its upload in memory (issue 12, finding 8). Not 503: the web reads any 503 as maintenance mode.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {
    if (concurrency < 1) throw new Error('A work queue needs a concurrency of at least 1.');
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new AppError(429, BUSY_MESSAGE, undefined, { 'Retry-After': '5' });
      // The finishing task hands its slot over directly, so `running` never dips and lets a newcomer jump the queue.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { WorkQueue, type WorkQueueLimits } from './work-queue.ts';

/** A task the test finishes by hand, so the queue's bound is checked without timings. */
function deferred() {
  let finish!: () => void;
  let fail!: (err: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { done, finish, fail };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

const MB = 1024 * 1024;
const queueOf = (limits: Partial<WorkQueueLimits>) => new WorkQueue({ concurrency: 1, maxWaitingBytes: Infinity, maxWaiting: 100, ...limits });

describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks at once, the rest in arrival order', async () => {
    const queue = queueOf({ concurrency: 2 });
    const tasks = Array.from({ length: 6 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = tasks.map((t, i) =>
      queue.run(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await t.done;
        running--;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([queue.active, queue.queued]).toEqual([2, 4]);
    tasks[1]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    tasks[0]!.finish();
    tasks[2]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    for (const t of tasks) t.finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect([queue.active, queue.queued]).toEqual([0, 0]);
  });

  it('hands the slot on when a task fails', async () => {
    const queue = queueOf({});
    const first = deferred();
    const a = queue.run(() => first.done);
    const b = queue.run(async () => 'second ran');
    first.fail(new Error('broken image'));
    await expect(a).rejects.toThrow('broken image');
    expect(await b).toBe('second ran');
    expect(queue.active).toBe(0);
  });

  it('bounds the waiting room by the bytes waiting, not by their number, and refuses beyond it with 429 and Retry-After', async () => {
    const queue = queueOf({ maxWaitingBytes: 10 * MB });
    const running = deferred();
    const first = queue.run(() => running.done, 8 * MB);
    // Thirty small uploads wait where one large one would not fit beside them.
    const small = Array.from({ length: 30 }, () => queue.run(async () => 'small', MB / 4));
    expect([queue.queued, queue.queuedBytes]).toEqual([30, 7.5 * MB]);
    const refused = await queue.run(async () => 'never', 3 * MB).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429 });
    expect(Number((refused as AppError).headers?.['Retry-After'])).toBeGreaterThanOrEqual(1);
    running.finish();
    await first;
    expect(await Promise.all(small)).toHaveLength(30);
    expect(queue.queuedBytes).toBe(0);
    // The first to wait may hold more than the whole room: any upload can get in line.
    const again = deferred();
    const busy = queue.run(() => again.done);
    const big = queue.run(async () => 'big one waited', 25 * MB);
    again.finish();
    await busy;
    expect(await big).toBe('big one waited');
  });

  it('refuses beyond the waiting count too, for tasks that hold nothing while they wait', async () => {
    const queue = queueOf({ maxWaiting: 2 });
    const tasks = Array.from({ length: 3 }, deferred);
    const accepted = tasks.map((t) => queue.run(() => t.done));
    await expect(queue.run(async () => 'never')).rejects.toMatchObject({ status: 429 });
    for (const t of tasks) t.finish();
    await Promise.all(accepted);
    expect(await queue.run(async () => 'room again')).toBe('room again');
  });

  it('says in Retry-After how long the line ahead should take, from how long tasks took', async () => {
    let clock = 0;
    const queue = queueOf({ concurrency: 2, maxWaiting: 4, now: () => clock });
    // Tasks of 4 s each, by the queue's clock, until its average has learned it.
    for (let i = 0; i < 30; i++) await queue.run(async () => void (clock += 4000));
    const tasks = Array.from({ length: 6 }, deferred);
    const accepted = tasks.map((t) => queue.run(() => t.done));
    const refused = (await queue.run(async () => 'never').catch((err: unknown) => err)) as AppError;
    // Two running and four waiting, two at a time, about 4 s each: about 12 s.
    expect(Number(refused.headers?.['Retry-After'])).toBe(12);
    for (const t of tasks) t.finish();
    await Promise.all(accepted);
  });

  it('needs room for one task', () => {
    expect(() => queueOf({ concurrency: 0 })).toThrow();
  });
});

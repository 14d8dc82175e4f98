import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { WorkQueue } from './work-queue.ts';

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

describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks at once, the rest in arrival order', async () => {
    const queue = new WorkQueue(2, 10);
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
    const queue = new WorkQueue(1, 10);
    const first = deferred();
    const a = queue.run(() => first.done);
    const b = queue.run(async () => 'second ran');
    first.fail(new Error('broken image'));
    await expect(a).rejects.toThrow('broken image');
    expect(await b).toBe('second ran');
    expect(queue.active).toBe(0);
  });

  it('refuses work beyond the waiting limit with 429 and Retry-After, and takes work again once there is room', async () => {
    const queue = new WorkQueue(1, 2);
    const tasks = Array.from({ length: 3 }, deferred);
    const accepted = tasks.map((t) => queue.run(() => t.done));
    const refused = await queue.run(async () => 'never').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, headers: { 'Retry-After': '5' } });
    for (const t of tasks) t.finish();
    await Promise.all(accepted);
    expect(await queue.run(async () => 'room again')).toBe('room again');
  });

  it('needs room for one task', () => {
    expect(() => new WorkQueue(0, 1)).toThrow();
  });
});

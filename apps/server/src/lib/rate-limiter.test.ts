import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { DatabaseRateLimiter } from './rate-limiter.ts';

describeEachDatabase('database rate limiter', (server) => {
  it('counts hits in a window, starts a new window when it ends, and clears', async () => {
    const limiter = new DatabaseRateLimiter(server().database.db);
    const key = `test:${Math.random()}`;
    expect(await limiter.peek(key)).toEqual({ count: 0, retryAfter: 0 });
    expect((await limiter.hit(key, 1)).count).toBe(1);
    const second = await limiter.hit(key, 1);
    expect(second.count).toBe(2);
    expect(second.retryAfter).toBe(1);
    expect((await limiter.peek(key)).count).toBe(2);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await limiter.peek(key)).count).toBe(0);
    expect((await limiter.hit(key, 60)).count).toBe(1);
    await limiter.clear(key);
    expect((await limiter.peek(key)).count).toBe(0);
  });

  it('is shared: two limiters over one database see the same count (as two processes would)', async () => {
    const a = new DatabaseRateLimiter(server().database.db);
    const b = new DatabaseRateLimiter(server().database.db);
    const key = `shared:${Math.random()}`;
    await a.hit(key, 60);
    await b.hit(key, 60);
    expect((await a.peek(key)).count).toBe(2);
  });

  it('counts every one of many hits sent at once, and takes keys of any length', async () => {
    const limiter = new DatabaseRateLimiter(server().database.db);
    const key = `burst:${'x'.repeat(2000)}@example.org`;
    const counts = (await Promise.all(Array.from({ length: 40 }, () => limiter.hit(key, 60)))).map((h) => h.count);
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});

import { describe, expect, it } from 'vitest';
import { nowAfter, nowIso } from './time.ts';

describe('nowAfter', () => {
  it('is now when the clock has passed the previous time', () => {
    const before = nowIso();
    const earlier = new Date(Date.now() - 60_000).toISOString();
    const next = nowAfter(earlier);
    expect(next >= before).toBe(true);
    expect(next > earlier).toBe(true);
  });

  it('is a millisecond later when the previous time is now or ahead of the clock', () => {
    const ahead = new Date(Date.now() + 60_000).toISOString();
    expect(nowAfter(ahead)).toBe(new Date(Date.parse(ahead) + 1).toISOString());
    // Saves in a tight loop still get a new time each.
    let t = nowIso();
    for (let i = 0; i < 1000; i++) {
      const n = nowAfter(t);
      expect(n > t).toBe(true);
      t = n;
    }
  });
});

import { describe, expect, it } from 'vitest';
import { addSample, formatBytes, formatClock, formatDuration, rateOf, type TransferSample } from './transfer-rate.ts';

const MB = 1024 * 1024;

function feed(points: Array<[number, number]>): TransferSample[] {
  return points.reduce<TransferSample[]>((acc, [at, bytes]) => addSample(acc, { at, bytes }), []);
}

describe('upload speed and time left', () => {
  it('measures speed over the last seconds and tells the time left at it', () => {
    const samples = feed([[0, 0], [1000, MB], [2000, 2 * MB]]);
    const rate = rateOf(samples, 10 * MB, 2000);
    expect(rate.bytesPerSecond).toBeCloseTo(MB);
    expect(rate.secondsLeft).toBeCloseTo(8);
  });

  it('forgets a fast start once the link slows down', () => {
    // 8 MB in the first second, then 100 KB a second for ten seconds.
    const points: Array<[number, number]> = [[0, 0], [1000, 8 * MB]];
    for (let s = 2; s <= 11; s += 1) points.push([s * 1000, 8 * MB + (s - 1) * 100 * 1024]);
    const rate = rateOf(feed(points), 20 * MB, 11_000);
    expect(rate.bytesPerSecond).toBeGreaterThan(90 * 1024);
    expect(rate.bytesPerSecond).toBeLessThan(110 * 1024);
  });

  it('falls towards zero and gives no time left while the link is silent', () => {
    const samples = feed([[0, 0], [1000, MB]]);
    expect(rateOf(samples, 10 * MB, 1000).bytesPerSecond).toBeCloseTo(MB);
    expect(rateOf(samples, 10 * MB, 60_000).bytesPerSecond).toBeLessThan(20 * 1024);
    expect(rateOf(feed([[0, 0]]), 10 * MB, 5000)).toEqual({ bytesPerSecond: 0, secondsLeft: null });
  });

  it('starts over when a resumed upload reports fewer bytes than before', () => {
    const samples = feed([[0, 0], [1000, 4 * MB], [2000, 3 * MB]]);
    expect(samples).toEqual([{ at: 2000, bytes: 3 * MB }]);
  });

  it('formats sizes, times and clocks', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(300 * MB, 'en')).toBe('300 MB');
    expect(formatBytes(2.25 * 1024 * MB, 'en')).toBe('2.3 GB');
    // The number in the reader's digits (the unit stays, as Kabul staff read it).
    expect(formatBytes(1536, 'fa-AF')).toBe('۱٫۵ KB');
    expect(formatDuration(45, 'en')).toBe('45 s');
    expect(formatDuration(185, 'en')).toBe('3 min 5 s');
    expect(formatDuration(4800, 'en')).toBe('1 h 20 min');
    expect(formatClock(7, 'en')).toBe('0:07');
    expect(formatClock(185, 'en')).toBe('3:05');
    expect(formatClock(3729, 'en')).toBe('1:02:09');
    expect(formatClock(185, 'fa-AF')).toBe('۳:۰۵');
    expect(formatDuration(185, 'ps-AF')).toBe('۳ min ۵ s');
  });
});

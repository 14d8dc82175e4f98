import { formatNumber } from '../../../lib/format-date.ts';

/**
 * Speed and time left of an upload, from its progress events. The speed is taken over the last
 * few seconds only: on a mobile link that stalls and recovers, the average since the start would
 * promise a time the current speed cannot keep, and after a drop it would never fall to zero.
 */
export interface TransferSample {
  /** ms (performance.now() or Date.now()). */
  at: number;
  bytes: number;
}

export interface TransferRate {
  /** Bytes per second over the window; 0 before two samples or while stalled. */
  bytesPerSecond: number;
  /** Seconds left at that speed; null while it cannot be told. */
  secondsLeft: number | null;
}

export const RATE_WINDOW_MS = 5_000;

/** Keep the samples inside the window (plus the one just before it, as its starting point). */
export function addSample(samples: readonly TransferSample[], sample: TransferSample, windowMs = RATE_WINDOW_MS): TransferSample[] {
  // A resumed upload may report fewer bytes than before (the server kept less than was sent):
  // the window starts again from there.
  const last = samples[samples.length - 1];
  const kept = last && sample.bytes < last.bytes ? [] : [...samples];
  kept.push(sample);
  let first = 0;
  while (first < kept.length - 2 && kept[first + 1]!.at <= sample.at - windowMs) first += 1;
  return kept.slice(first);
}

export function rateOf(samples: readonly TransferSample[], totalBytes: number, now: number): TransferRate {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last === first) return { bytesPerSecond: 0, secondsLeft: null };
  // Measured up to now, not to the last event: a link that has gone quiet slows the figure down.
  const seconds = (Math.max(now, last.at) - first.at) / 1000;
  const bytesPerSecond = seconds > 0 ? (last.bytes - first.bytes) / seconds : 0;
  const left = Math.max(0, totalBytes - last.bytes);
  return { bytesPerSecond, secondsLeft: bytesPerSecond > 0 ? left / bytesPerSecond : null };
}

/** "850 KB", "12.4 MB", "1.2 GB" — for sizes and (with "/s") speeds; the number in the language's digits. */
export function formatBytes(bytes: number, language: string): string {
  if (bytes < 1024) return `${formatNumber(Math.round(bytes), language)} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, language, { maximumFractionDigits: value >= 100 ? 0 : 1 })} ${units[unit]}`;
}

/** "45 s", "3 min 5 s", "1 h 20 min"; the numbers in the language's digits. */
export function formatDuration(totalSeconds: number, language: string): string {
  const n = (value: number) => formatNumber(value, language);
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${n(s)} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${n(minutes)} min ${n(s % 60)} s`;
  return `${n(Math.floor(minutes / 60))} h ${n(minutes % 60)} min`;
}

/** A video's length as a player shows it: "0:07", "3:05", "1:02:09" (۳:۰۵ in Dari and Pashto). */
export function formatClock(totalSeconds: number, language: string): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const two = (value: number) => formatNumber(value, language, { minimumIntegerDigits: 2, useGrouping: false });
  const one = (value: number) => formatNumber(value, language, { useGrouping: false });
  return h > 0 ? `${one(h)}:${two(m)}:${two(s % 60)}` : `${one(m)}:${two(s % 60)}`;
}

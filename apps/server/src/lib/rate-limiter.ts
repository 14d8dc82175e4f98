/**
 * Fixed-window counters behind one interface (decisions.md: they may start in memory and move
 * to the database or Redis when several processes serve the API).
 */
export interface RateLimiter {
  /** Count one hit; answers the count in the current window and seconds until it resets. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }>;
  peek(key: string): Promise<{ count: number; retryAfter: number }>;
  clear(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowSeconds: number) {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, w);
      this.sweep(now);
    }
    w.count += 1;
    return { count: w.count, retryAfter: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  async peek(key: string) {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return { count: 0, retryAfter: 0 };
    return { count: w.count, retryAfter: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  async clear(key: string) {
    this.windows.delete(key);
  }

  /** Drop expired windows now and then so the map cannot grow without bound. */
  private sweep(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

import { performance } from 'node:perf_hooks';

/**
 * Encodes wait while the API is busy (decision 0045). On two cores, an encode at the lowest
 * priority still doubled the orphan list's p99 under load: it ran on the core the server left,
 * and the server's tail slowed beside it (shared caches, or the host's sibling thread), which no
 * priority reaches. So each encode's process group is stopped (SIGSTOP) while this process's
 * event loop spent at least half of the last tenth of a second working, and continued (SIGCONT)
 * once it spends less. A few staff's requests keep the loop far below that: their videos encode
 * as before; a saturated server finishes its answers first and its videos after.
 */

/** The event loop's working share over one check at or above which encodes wait. */
const BUSY = 0.5;
const CHECK_MS = 100;

const encodes = new Set<number>();
let timer: NodeJS.Timeout | null = null;
let last = performance.eventLoopUtilization();
let paused = false;

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    /* the encode has ended */
  }
}

function check(): void {
  const now = performance.eventLoopUtilization();
  const busy = performance.eventLoopUtilization(now, last).utilization >= BUSY;
  last = now;
  // Stopped again at each busy check, not only when the loop turns busy: an encode continued by
  // anyone else (an operator, a bench) waits again within a check.
  if (!busy && !paused) return;
  paused = busy;
  for (const pid of encodes) signalGroup(pid, busy ? 'SIGSTOP' : 'SIGCONT');
}

/**
 * Watch an encode (the leader of its own process group, as a detached child is) until the returned
 * function is called: at its end, or when it is aborted (a stopped process acts on SIGTERM only
 * once continued, so it is continued then).
 */
export function pausedWhileBusy(pid: number): () => void {
  encodes.add(pid);
  if (paused) signalGroup(pid, 'SIGSTOP');
  if (!timer) {
    last = performance.eventLoopUtilization();
    timer = setInterval(check, CHECK_MS);
    timer.unref();
  }
  return () => {
    if (!encodes.delete(pid)) return;
    signalGroup(pid, 'SIGCONT');
    if (encodes.size || !timer) return;
    clearInterval(timer);
    timer = null;
    paused = false;
  };
}

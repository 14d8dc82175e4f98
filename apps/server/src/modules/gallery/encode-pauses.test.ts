import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pausedWhileBusy } from './encode-pauses.ts';

/** The process's state letter in /proc: T when stopped, S or R otherwise. */
const state = (pid: number) => /\) (\w)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))![1];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keep the event loop working in 20 ms slices for `ms`, its timers still running between them. */
async function busyFor(ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const slice = performance.now() + 20;
    while (performance.now() < slice);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('encodes wait while the API is busy', () => {
  it('stops the encode\'s process group while the event loop works, continues it when the loop is quiet, and leaves it running at the end', async () => {
    const child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    const pid = child.pid!;
    try {
      const release = pausedWhileBusy(pid);
      await sleep(350);
      expect(state(pid)).not.toBe('T');
      await busyFor(500);
      expect(state(pid)).toBe('T');
      await sleep(350);
      expect(state(pid)).not.toBe('T');
      await busyFor(500);
      expect(state(pid)).toBe('T');
      // Ended or aborted while stopped: continued, so that a SIGTERM can end it.
      release();
      expect(state(pid)).not.toBe('T');
    } finally {
      process.kill(-pid, 'SIGKILL');
    }
  });
});

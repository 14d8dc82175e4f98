import type { FastifyInstance } from 'fastify';

const DAY_MS = 24 * 60 * 60_000;

/**
 * A deletion past a retention, run by every server process at start and then daily for as long as
 * it runs: two processes deleting the same old rows delete them once. `job` answers how many rows
 * went; a failure is logged, and the next day's run tries again.
 */
export function scheduleDailyDeletion(app: FastifyInstance, texts: { deleted: string; failed: string }, job: () => Promise<number>): void {
  const run = async () => {
    try {
      const deleted = await job();
      if (deleted) app.log.info({ deleted }, texts.deleted);
    } catch (err) {
      app.log.warn({ err }, texts.failed);
    }
  };
  app.addHook('onReady', async () => {
    void run();
  });
  const timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

// The ceiling: a bare Fastify route answering fixed JSON, run beside the real server with the
// same number of processes (WEB_CONCURRENCY, set by bench/run.ts), so the comparison is like for like.
import cluster from 'node:cluster';
import os from 'node:os';
import Fastify from 'fastify';

const workers = Number(process.env.WEB_CONCURRENCY) || os.availableParallelism();

if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.once('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  });
} else {
  const app = Fastify({ logger: false });
  const body = { data: [{ id: 1, first_name: 'Maryam', last_name: 'Ahmadi' }], current_page: 1, last_page: 1, per_page: 10, total: 1, from: 1, to: 1 };
  app.get('/', async () => body);
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

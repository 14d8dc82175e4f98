/**
 * What the read log costs a child's details read: the same read, by the same user, with the line
 * it writes and without it. No route of the product reads a child's details unlogged, so this
 * builds the server's app in the bench's own process (the sources, on the bench's database) and adds
 * one route beside `GET /api/orphans/:id` that does everything that route does — sign-in check,
 * site scope, the child's fields decrypted and redacted, the answer checked against its schema —
 * except the INSERT. The two are asked in turn, one request after another, so both see the same
 * machine.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orphanResponseSchema } from '@app/shared/schemas/orphan.schema';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { prepareDatabase } from '../apps/server/src/db/bootstrap.ts';
import { requires } from '../apps/server/src/lib/access.ts';
import { getOrphan } from '../apps/server/src/modules/orphans/orphans.service.ts';
import { orphanContext } from '../apps/server/src/modules/orphans/orphans.routes.ts';

const UNLOGGED = '/api/bench/orphans-unlogged';

function addUnloggedRead(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${UNLOGGED}/:id`,
    { config: requires('view-orphans'), schema: { params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: orphanResponseSchema } } },
    async (request) => getOrphan(orphanContext(app, request), request.params.id),
  );
}

export interface ReadLogCost {
  logged: number[];
  unlogged: number[];
  /** The read-log lines written meanwhile: the logged reads' count, or the comparison is not what it says. */
  linesWritten: number;
}

/**
 * Serve the app with the extra route on `port`, then ask for a child's details `seconds` long,
 * logged and unlogged in turn (after a warm-up); `child` picks the child of each pair.
 */
export async function readLogCost(
  env: Record<string, string>,
  port: number,
  headers: Record<string, string>,
  child: () => number,
  seconds: number,
  warmupSeconds: number,
): Promise<ReadLogCost> {
  let config = loadConfig({ ...env, NODE_ENV: 'production', PORT: String(port), TRANSCODE_WORKERS: '0', LOG_LEVEL: 'warn' });
  const { database, dataKey } = await prepareDatabase(config);
  config = { ...config, dataKey };
  const app = await buildApp({ config, database });
  addUnloggedRead(app);
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const lines = async () => Number((await database.db.selectFrom('read_log').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  try {
    const ask = async (url: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${url}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      return performance.now() - t0;
    };
    const warmEnd = performance.now() + warmupSeconds * 1000;
    while (performance.now() < warmEnd) {
      const id = child();
      await ask(`/api/orphans/${id}`);
      await ask(`${UNLOGGED}/${id}`);
    }
    const before = await lines();
    const logged: number[] = [];
    const unlogged: number[] = [];
    const end = performance.now() + seconds * 1000;
    // Each pair reads one child both ways, the order swapped every pair: neither always reads it first.
    for (let i = 0; performance.now() < end; i++) {
      const id = child();
      if (i % 2) {
        logged.push(await ask(`/api/orphans/${id}`));
        unlogged.push(await ask(`${UNLOGGED}/${id}`));
      } else {
        unlogged.push(await ask(`${UNLOGGED}/${id}`));
        logged.push(await ask(`/api/orphans/${id}`));
      }
    }
    return { logged, unlogged, linesWritten: (await lines()) - before };
  } finally {
    await app.close();
    await database.destroy();
  }
}

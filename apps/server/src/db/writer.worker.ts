import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './database.ts';
import { WriteBatcher } from './write-batcher.ts';
import { errorToThread, type WriteModule, type WriteProcedure } from './write-procedure.ts';
import type { FromWriter, ToWriter, WriterOptions } from './writer-thread.ts';

/** The database writer thread's side (db/writer-thread.ts): run named procedures, answer each. */
const options = workerData as WriterOptions;
const port = parentPort!;

const procedures = new Map<string, WriteProcedure<unknown, unknown>>();
for (const url of options.modules) {
  for (const p of ((await import(url)) as WriteModule).writeProcedures) procedures.set(p.name, p as WriteProcedure<unknown, unknown>);
}

const database = openDatabase({ dialect: 'sqlite', databaseUrl: options.file, sqlitePath: options.file });
const batcher = new WriteBatcher(database);
const inFlight = new Set<Promise<void>>();
port.postMessage({ ready: true } satisfies FromWriter);

async function run(id: number, name: string, args: unknown): Promise<void> {
  let answer: FromWriter;
  try {
    const procedure = procedures.get(name);
    if (!procedure) throw new Error(`Unknown write procedure: ${name}`);
    answer = { id, ok: true, value: await batcher.run((trx) => procedure.run(trx, args)) };
  } catch (err) {
    answer = { id, ok: false, error: errorToThread(err) };
  }
  port.postMessage(answer);
}

port.on('message', (m: ToWriter) => {
  if (m.type === 'run') {
    const job = run(m.id, m.name, m.args).finally(() => inFlight.delete(job));
    inFlight.add(job);
    return;
  }
  // Close: the writes already given are finished and answered first.
  void Promise.allSettled(inFlight).then(async () => {
    await database.destroy();
    port.close();
  });
});

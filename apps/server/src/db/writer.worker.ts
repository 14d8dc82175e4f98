import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './database.ts';
import { WriteBatcher } from './write-batcher.ts';
import { errorToThread, type WriteRegistry } from './write-procedure.ts';
import type { Answer, FromWriter, ToWriter, WriterOptions } from './writer-thread.ts';

/** The database writer thread's side (db/writer-thread.ts): run named procedures, answer each. */
const options = workerData as WriterOptions;
const port = parentPort!;

// The same registry module the server built its Writes from (db/write-registry.ts, or a test's).
const { procedures } = ((await import(options.registry)) as { writeRegistry: WriteRegistry }).writeRegistry;

const database = openDatabase({ dialect: 'sqlite', databaseUrl: options.file, sqlitePath: options.file });
const batcher = new WriteBatcher(database);
const inFlight = new Set<Promise<void>>();
port.postMessage({ ready: true } satisfies FromWriter);

/**
 * Answers go back together: a batch settles all its writes at once, and one message per batch
 * wakes the server thread once instead of once per write.
 */
let answers: Answer[] = [];
function flushAnswers(): void {
  if (!answers.length) return;
  port.postMessage(answers satisfies FromWriter);
  answers = [];
}
function answer(a: Answer): void {
  // After the promise jobs now queued, which settle the rest of the batch; before the next batch.
  if (answers.push(a) === 1) process.nextTick(flushAnswers);
}

async function run(id: number, name: string, args: unknown): Promise<void> {
  let result: Answer;
  try {
    const procedure = procedures.get(name);
    if (!procedure) throw new Error(`Unknown write procedure: ${name}`);
    result = { id, ok: true, value: await batcher.run((trx) => procedure.run(trx, args)) };
  } catch (err) {
    result = { id, ok: false, error: errorToThread(err) };
  }
  answer(result);
}

port.on('message', (m: ToWriter) => {
  if (m.type === 'run') {
    const job = run(m.id, m.name, m.args).finally(() => inFlight.delete(job));
    inFlight.add(job);
    return;
  }
  // Close: the writes already given are finished and answered first.
  void Promise.allSettled(inFlight).then(async () => {
    flushAnswers();
    await database.destroy();
    port.close();
  });
});

import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { prepareDatabase } from './db/bootstrap.ts';
import { DataKeyRefusal } from './lib/data-key-unlock.ts';
import { openDatabase, type Database } from './db/database.ts';

/**
 * The process entry. The primary migrates and seeds once, then serves alone (WEB_CONCURRENCY=1)
 * or forks one worker per core that share the port (Node cluster). Workers keep no state of
 * their own — tokens, grants versions, rate limits and files live in the database and storage —
 * so any worker can answer any request.
 */
let config = configOrExit();

/** A wrong variable is the operator's to fix: say which, without a stack trace, and stop. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

async function serve(database: Database, announce: boolean): Promise<void> {
  const app = await buildApp({ config, database });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (announce) console.log(listeningLine(config, database.dialect, 1));
  process.send?.({ type: 'listening' });
}

function listeningLine(c: Config, dialect: string, processes: number): string {
  return `Server listening on http://${c.host}:${c.port} (${dialect}, ${processes} process${processes === 1 ? '' : 'es'})`;
}

/** A missing or wrong data key is the operator's to fix, as a wrong variable is. */
async function prepareOrExit(): Promise<Awaited<ReturnType<typeof prepareDatabase>>> {
  try {
    return await prepareDatabase(config);
  } catch (err) {
    if (!(err instanceof DataKeyRefusal || err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

if (cluster.isPrimary) {
  const { database, seed, dataKey } = await prepareOrExit();
  config = { ...config, dataKey };
  if (seed.generatedAdmin) {
    // Printed once, on the start that created the account; it is not stored anywhere in clear.
    console.log(
      `\n  First Super Admin created.\n  E-mail:   ${seed.generatedAdmin.email}\n  Password: ${seed.generatedAdmin.password}\n  Change it after signing in (My Profile).\n`,
    );
  }
  if (config.workers <= 1) {
    await serve(database, true);
  } else {
    const dialect = database.dialect;
    await database.destroy();
    let listening = 0;
    let stopping = false;
    const fork = () => {
      // The workers take the key the primary checked (it may have come from a passphrase typed here).
      const worker = cluster.fork({ DATA_KEY: dataKey.toString('hex'), DATA_KEY_FILE: '' });
      worker.on('message', (m: { type?: string }) => {
        if (m?.type === 'listening' && ++listening === config.workers) console.log(listeningLine(config, dialect, config.workers));
      });
    };
    for (let i = 0; i < config.workers; i++) fork();
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return;
      // A crashed worker is replaced; acknowledged writes are already in the database.
      console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
      setTimeout(fork, 1000);
    });
    const stop = () => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
} else {
  await serve(openDatabase(config), false);
}

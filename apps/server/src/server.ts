import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { prepareDatabase } from './db/bootstrap.ts';

const config = loadConfig();
const { database, seed } = await prepareDatabase(config);
const app = await buildApp({ config, database });

if (seed.generatedAdmin) {
  // Printed once, on the start that created the account; it is not stored anywhere in clear.
  console.log(
    `\n  First Super Admin created.\n  E-mail:   ${seed.generatedAdmin.email}\n  Password: ${seed.generatedAdmin.password}\n  Change it after signing in (My Profile).\n`,
  );
}

async function shutdown(signal: string) {
  app.log.info(`${signal}: closing`);
  await app.close();
  await database.destroy();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
console.log(`Server listening on http://${config.host}:${config.port} (${database.dialect})`);

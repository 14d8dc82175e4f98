import { afterAll, describe, inject } from 'vitest';
import type { Dialect } from '../src/config.ts';
import { dataPlace, startChildServer, type ChildServer, type DataPlace } from './child-server.ts';

/**
 * The setup of the tests that SIGKILL the real server mid-work and start it again (crash safety,
 * the gallery's interrupted save): one data place per database, a child server on it at a time,
 * and, after the suite, the last server killed and the place dropped.
 */
export interface KilledServer {
  /** The place every start of this suite uses (made by the first `start`). */
  readonly place: DataPlace;
  /** The server started last. */
  readonly running: ChildServer;
  /** A server on the place (made on first use); resolves once it listens. */
  start(): Promise<ChildServer>;
  /** SIGKILL now (synchronously, before the first await), then wait for the process to end. */
  kill(): Promise<void>;
}

export function describeKilledServer(name: string, suite: (server: KilledServer, dialect: Dialect) => void): void {
  const dialects: Dialect[] = inject('pgAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
  describe.each(dialects)(`${name} [%s]`, (dialect) => {
    let place: DataPlace | undefined;
    let running: ChildServer | undefined;
    afterAll(async () => {
      running?.child.kill('SIGKILL');
      await running?.exited;
      await place?.drop();
    });
    suite(
      {
        get place() {
          if (!place) throw new Error('no server was started yet');
          return place;
        },
        get running() {
          if (!running) throw new Error('no server was started yet');
          return running;
        },
        async start() {
          place ??= await dataPlace(dialect);
          running = await startChildServer(place);
          return running;
        },
        kill() {
          if (!running) return Promise.reject(new Error('no server was started yet'));
          running.child.kill('SIGKILL');
          return running.exited.then(() => undefined);
        },
      },
      dialect,
    );
  });
}

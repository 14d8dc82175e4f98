import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { echo, insertValue, notLoaded, writeRegistry as fixtureRegistry } from '../../test/write-procedures.fixture.ts';
import { openDatabase } from './database.ts';
import { LocalWrites } from './write-batcher.ts';
import { assertAllRegistered, createWriteRegistry, defineWrite, type Writes } from './write-procedure.ts';
import { writeRegistry } from './write-registry.ts';
import { ThreadWrites } from './writer-thread.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('write registry', () => {
  it('lists every *.writes.ts module of the server, every procedure under a unique name', async () => {
    const files = (readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.writes.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const mod = (await import(pathToFileURL(path.join(SRC, file)).href)) as Record<string, unknown>;
      const procedures = Object.values(mod).filter((v): v is { name: string } => typeof v === 'object' && v !== null && 'run' in v && 'name' in v);
      expect(procedures.length, file).toBeGreaterThan(0);
      for (const p of procedures) expect(writeRegistry.procedures.get(p.name), `${file}: ${p.name}`).toBe(p);
    }
  });

  it('refuses a second procedure of the same name, and a start with a procedure outside the registry', () => {
    expect(() => defineWrite('test.insert', async () => null)).toThrow(/Two write procedures are named 'test.insert'/);
    expect(() => createWriteRegistry('x', [{ a: insertValue }, { b: { name: 'test.insert', run: async () => null } }])).toThrow(/Two write procedures/);
    // The fixture defines test.not-loaded outside its registry: the start-up check names it.
    expect(() => assertAllRegistered(fixtureRegistry)).toThrow(/not in db\/write-registry.ts: .*test.not-loaded/);
  });
});

/** The same checks on both engines: what works in process works on the writer thread. */
describe.each(['in process', 'writer thread'] as const)('writes %s', (engine) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-writes-'));
  const file = path.join(dir, 'app.db');
  const database = openDatabase({ dialect: 'sqlite', databaseUrl: engine === 'in process' ? ':memory:' : file, sqlitePath: engine === 'in process' ? ':memory:' : file });
  let writes: Writes;
  afterAll(async () => {
    await writes?.close();
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs registered procedures, refuses others, and passes copies both ways', async () => {
    await sql`create table t (v text unique)`.execute(database.db);
    writes = engine === 'in process' ? new LocalWrites(database, fixtureRegistry) : new ThreadWrites(file, fixtureRegistry);
    await expect(writes.run(insertValue, { v: 'a' })).resolves.toMatchObject({ v: 'a' });
    await expect(writes.run(notLoaded, {})).rejects.toThrow('Unknown write procedure: test.not-loaded');
    await expect(writes.run(insertValue, { v: (() => 'x') as unknown as string })).rejects.toThrow(/could not be cloned/);

    const args = { list: [1, 2] };
    const answer = await writes.run(echo, args);
    await new Promise((r) => setTimeout(r, 10));
    // The procedure changed its arguments after answering: neither the caller's object nor the answer saw it.
    expect(args.list).toEqual([1, 2]);
    expect(answer.list).toEqual([1, 2]);
    expect(answer.list).not.toBe(args.list);
  });
});

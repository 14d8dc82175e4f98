import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document, Spectral, type ISpectralDiagnostic } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { prepareDatabase } from '../db/bootstrap.ts';
import { TEST_DATA_KEY } from '../../test/data-key.ts';
import type { Database } from '../db/database.ts';

/**
 * /api/docs/json is what a generated client (the offline app's, a partner's) is built from: it
 * passes Spectral's `spectral:oas` ruleset with no error and no warning, so every operation has a
 * stable operationId, a description and a declared tag, and every path is one OpenAPI can express.
 */

let app: FastifyInstance;
let database: Database;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'oc-api-description-'));
  const config = loadConfig(
    { DATABASE_URL: path.join(dir, 'app.db'), STORAGE_DIR: path.join(dir, 'storage'), WEB_DIST: path.join(dir, 'no-web'), NODE_ENV: 'test', DATA_KEY: TEST_DATA_KEY },
    { adminEmail: 'admin@test.org', adminPassword: 'admin-password-1', logLevel: 'silent' },
  );
  ({ database } = await prepareDatabase(config));
  app = await buildApp({ config, database });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const where = (d: ISpectralDiagnostic) => `${d.code} at ${d.path.join('.')}: ${d.message}`;

it("passes Spectral's spectral:oas ruleset with no error and no warning", async () => {
  const body = (await app.inject({ method: 'GET', url: '/api/docs/json' })).body;
  const spectral = new Spectral();
  spectral.setRuleset(oas as Parameters<Spectral['setRuleset']>[0]);
  const results = await spectral.run(new Document(body, Json, 'openapi.json'));
  // Severity 0 is an error, 1 a warning; 2 (information) and 3 (hint) are advice.
  const problems = results.filter((r) => r.severity <= 1).map(where);
  expect(problems).toEqual([]);
}, 60_000);

it('names each operation once, from its method and path unless the route names it, and the signed-file path by its key', async () => {
  const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { operationId: string; parameters?: { name: string; in: string }[] }>> };
  const ids = Object.values(docs.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
  expect(new Set(ids).size).toBe(ids.length);
  expect(docs.paths['/api/orphans/{id}']!.get!.operationId).toBe('getOrphansById');
  expect(docs.paths['/api/orphans/{id}/attendance-summary']!.get!.operationId).toBe('getOrphansByIdAttendanceSummary');
  expect(docs.paths['/storage/{key}']!.get!.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'key' }));
  expect(docs.paths['/storage/{*}']).toBeUndefined();
});

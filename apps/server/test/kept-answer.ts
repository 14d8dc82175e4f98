import { expect } from 'vitest';
import { call, type CallResult, type TestServer } from './harness.ts';

/**
 * GET an answer the server sends as kept JSON (lib/kept-answers.ts): it goes out without the
 * response schema's check, so the test checks it — strictly at the top level — against the schema
 * the route declares. Other statuses are returned unchecked.
 */
export async function getKept(server: TestServer, token: string, url: string, schema: { strict(): { parse(v: unknown): unknown } }): Promise<CallResult> {
  const res = await call(server, 'GET', url, { token });
  if (res.status !== 200) return res;
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(() => schema.strict().parse(res.body)).not.toThrow();
  return res;
}

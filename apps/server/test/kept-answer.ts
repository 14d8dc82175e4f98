import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { GZIP_FROM } from '../src/lib/child-answers.ts';
import { fetchBytes } from './fetch-bytes.ts';
import { call, type CallResult, type TestServer } from './harness.ts';

/**
 * GET an answer the server sends as kept JSON (lib/kept-answers.ts): it goes out without the
 * response schema's check, so the test checks it — strictly at the top level — against the schema
 * the route declares; and that a browser gets the same bytes, compressed when 4 KB or more
 * (lib/kept-answer-encodings.ts, decisions 0041 and 0046). Other statuses are returned unchecked.
 */
export async function getKept(server: TestServer, token: string, url: string, schema: { strict(): { parse(v: unknown): unknown } }): Promise<CallResult> {
  const res = await call(server, 'GET', url, { token });
  if (res.status !== 200) return res;
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(() => schema.strict().parse(res.body)).not.toThrow();
  const headers = { Authorization: `Bearer ${token}` };
  const plain = await fetchBytes(server, url, headers);
  // A browser's copy: brotli made per kept Buffer from 1 KB, or a child's answer as stored, gzip from 4 KB (decision 0046).
  const compressed = await fetchBytes(server, url, { ...headers, 'Accept-Encoding': 'gzip, deflate, br' });
  const encoding = compressed.headers.get('content-encoding');
  if (plain.body.length >= GZIP_FROM) expect(encoding, `${url} sent compressed to a browser`).toMatch(/^(br|gzip)$/);
  const decoded = encoding === 'br' ? brotliDecompressSync(compressed.body) : encoding === 'gzip' ? gunzipSync(compressed.body) : compressed.body;
  expect(decoded.equals(plain.body)).toBe(true);
  return res;
}

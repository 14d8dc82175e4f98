import { brotliDecompressSync } from 'node:zlib';
import { expect } from 'vitest';
import { fetchBytes } from './fetch-bytes.ts';
import { call, type CallResult, type TestServer } from './harness.ts';

/**
 * GET an answer the server sends as kept JSON (lib/kept-answers.ts): it goes out without the
 * response schema's check, so the test checks it — strictly at the top level — against the schema
 * the route declares; and, one kilobyte or more, that a client accepting brotli gets the same
 * bytes compressed (lib/kept-answer-encodings.ts, decision 0041). Other statuses are returned unchecked.
 */
export async function getKept(server: TestServer, token: string, url: string, schema: { strict(): { parse(v: unknown): unknown } }): Promise<CallResult> {
  const res = await call(server, 'GET', url, { token });
  if (res.status !== 200) return res;
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(() => schema.strict().parse(res.body)).not.toThrow();
  const headers = { Authorization: `Bearer ${token}` };
  const plain = await fetchBytes(server, url, headers);
  if (plain.body.length >= 1024) {
    const compressed = await fetchBytes(server, url, { ...headers, 'Accept-Encoding': 'gzip, deflate, br' });
    expect(compressed.headers.get('content-encoding'), `${url} sent compressed to a browser`).toBe('br');
    expect(brotliDecompressSync(compressed.body).equals(plain.body)).toBe(true);
  }
  return res;
}

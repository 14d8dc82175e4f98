import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { COMPRESS_FROM_BYTES } from '../src/plugins/compression.ts';
import { fetchBytes } from './fetch-bytes.ts';
import { call, type CallResult, type TestServer } from './harness.ts';

/**
 * GET an answer and check it — strictly at the top level — against the schema the route declares;
 * and that a browser gets the same bytes, compressed from COMPRESS_FROM_BYTES on (plugins/compression.ts). Other statuses
 * are returned unchecked.
 */
export async function getChecked(server: TestServer, token: string, url: string, schema: { strict(): { parse(v: unknown): unknown } }): Promise<CallResult> {
  const res = await call(server, 'GET', url, { token });
  if (res.status !== 200) return res;
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(() => schema.strict().parse(res.body)).not.toThrow();
  const headers = { Authorization: `Bearer ${token}` };
  const plain = await fetchBytes(server, url, headers);
  // A browser's copy: compressed by the server's compression plugin.
  const compressed = await fetchBytes(server, url, { ...headers, 'Accept-Encoding': 'gzip, deflate, br' });
  const encoding = compressed.headers.get('content-encoding');
  if (plain.body.length >= COMPRESS_FROM_BYTES) expect(encoding, `${url} sent compressed to a browser`).toMatch(/^(br|gzip)$/);
  const decoded = encoding === 'br' ? brotliDecompressSync(compressed.body) : encoding === 'gzip' ? gunzipSync(compressed.body) : compressed.body;
  expect(decoded.equals(plain.body)).toBe(true);
  return res;
}

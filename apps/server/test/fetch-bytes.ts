import http from 'node:http';
import type { TestServer } from './harness.ts';

/**
 * GET an answer's bytes as sent, without keep-alive (node:http, no agent): a test that closes its
 * server right after a streamed answer would otherwise wait for the connection's keep-alive to
 * time out. Only the headers given are sent (fetch adds its own Accept-Encoding and decodes).
 */
export function fetchBytes(server: TestServer, url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${url}`, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
          resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Location } from '../src/modules/storage/storage-url.ts';

/** s3rver's fixed credentials: any other key is refused, as a real server refuses a wrong one. */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const S3_BUCKET = 'oc-test';

export interface TestS3 {
  endpoint: string;
  /** A location in the test bucket under a prefix of its own. */
  location(prefix: string, endpoint?: string): S3Location;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver, pure JavaScript, from npm) in this process, on a free port, with one bucket. */
export async function startS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'oc-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: S3_BUCKET, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    location: (prefix, at = endpoint) => ({ bucket: S3_BUCKET, prefix, endpoint: at, region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A TCP relay in front of a server, for a server that goes away mid-answer: once `cutAfter(n)`
 * is called, every answer from then on is cut off (the connection destroyed) after n bytes.
 */
export async function startRelay(target: string): Promise<{ endpoint: string; cutAfter(bytes: number): void; close(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  let budget = Number.POSITIVE_INFINITY;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    let sent = 0;
    upstream.on('data', (data: Buffer) => {
      const room = budget - sent;
      if (room >= data.length) {
        sent += data.length;
        client.write(data);
        return;
      }
      if (room > 0) client.write(data.subarray(0, room));
      client.destroy();
      upstream.destroy();
    });
    upstream.on('end', () => client.end());
    for (const s of [client, upstream]) s.on('error', () => {}).on('close', () => sockets.delete(s));
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    cutAfter(bytes) {
      budget = bytes;
      // Connections kept alive count afresh: the next answer on them is the one cut.
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        relay.close(() => resolve());
      }),
  };
}

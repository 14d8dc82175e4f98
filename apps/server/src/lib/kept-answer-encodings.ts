import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendJson } from './kept-answers.ts';

/**
 * A kept answer (lib/kept-answers.ts) sent compressed to a client that accepts it (decision 0038's
 * companion, see docs/decisions): a browser always sends Accept-Encoding, and a page of signed URLs
 * shrinks about eightfold (a gallery page: 20.9 KB of JSON, 2.3 KB as brotli). Fewer bytes cost
 * the server less to write to its socket and a phone on a slow link less to fetch. The compressed
 * copy is made once per kept Buffer, off the event loop (zlib's thread pool), and lives exactly as
 * long as the Buffer does (a WeakMap keyed by it): when the kept answer is dropped, so is its copy.
 * A client that sends no Accept-Encoding (or refuses both) gets the JSON as it is. An answer a
 * table stores (`StoredJson`) goes as stored, gzip or plain: never compressed per request.
 */

export type AnswerEncoding = 'br' | 'gzip';

/** Below this, compressing saves less than its headers cost. */
const MIN_BYTES = 1024;
// Quality 5: within 3 % of brotli's best on these answers at a hundredth of its time (0.15 ms for 20 KB).
const BROTLI_QUALITY = 5;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Per kept Buffer, its copy in each encoding: the promise while it is made, then the bytes
 * themselves (so later requests send them without waiting a turn); the original when compressing
 * did not make it smaller.
 */
const copies = new WeakMap<Buffer, Partial<Record<AnswerEncoding, Buffer | Promise<Buffer>>>>();

function encode(body: Buffer, encoding: AnswerEncoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipped(body);
  return brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

function newCopies(body: Buffer): Partial<Record<AnswerEncoding, Buffer | Promise<Buffer>>> {
  const kept = {};
  copies.set(body, kept);
  return kept;
}

/** `body` in `encoding`, made once (requests arriving meanwhile wait for the same one); a failure is not kept, and sends `body`. */
export function encodedCopy(body: Buffer, encoding: AnswerEncoding): Buffer | Promise<Buffer> {
  const kept = copies.get(body) ?? newCopies(body);
  const copy = kept[encoding];
  if (copy) return copy;
  const making = encode(body, encoding).then(
    (bytes) => (kept[encoding] = bytes.length < body.length ? bytes : body),
    () => {
      delete kept[encoding];
      return body;
    },
  );
  kept[encoding] = making;
  return making;
}

/** What an Accept-Encoding header accepts: the encoding it weighs higher, and whether gzip at all. */
interface Accepted {
  preferred: AnswerEncoding | null;
  gzip: boolean;
}

/**
 * The encoding to send for an Accept-Encoding header (RFC 9110 §12.5.3): the one the client
 * weighs higher of brotli and gzip (brotli on a tie), `*` standing for any not named, none with q=0.
 * Null: send the JSON as it is.
 */
export function acceptedEncoding(header: string | string[] | undefined): AnswerEncoding | null {
  return accepted(header).preferred;
}

/** Whether the header accepts gzip (by name or `*`, with a weight above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  return accepted(header).gzip;
}

const NONE: Accepted = { preferred: null, gzip: false };

function accepted(header: string | string[] | undefined): Accepted {
  if (!header) return NONE;
  if (typeof header !== 'string') return parseAcceptEncoding(header.join(','));
  // A browser sends the same few headers on every request: each is parsed once.
  const known = parsedHeaders.get(header);
  if (known !== undefined) return known;
  if (parsedHeaders.size >= PARSED_KEEP) parsedHeaders.clear();
  const parsed = parseAcceptEncoding(header);
  parsedHeaders.set(header, parsed);
  return parsed;
}

const PARSED_KEEP = 64;
const parsedHeaders = new Map<string, Accepted>();

function parseAcceptEncoding(header: string): Accepted {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: AnswerEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return NONE;
  return { preferred: br >= gz ? 'br' : 'gzip', gzip: gz > 0 };
}

/**
 * JSON as a table stores it to be sent (a child's answers, decision 0046): gzip-compressed, or the
 * JSON itself (small answers). Never compressed per request: for bytes read afresh each time no
 * copy can be kept, and compressing them per request cost 180-640 µs of server CPU. Gzipped bytes
 * go as they are to a client that accepts gzip (every browser) and are inflated for any other;
 * plain ones go as they are to everyone.
 */
export class StoredJson {
  constructor(readonly bytes: Buffer) {}

  /** gzip's two magic bytes: JSON never starts with 0x1f. */
  get gzipped(): boolean {
    return this.bytes[0] === 0x1f && this.bytes[1] === 0x8b;
  }
}

/** A kept answer: the JSON's bytes kept in memory (a copy per encoding kept with them), or as a table stores it. */
export type KeptJson = Buffer | StoredJson;

/** The answer depends on Accept-Encoding from here on: caches must keep one copy per encoding. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
}

function sendStored(request: FastifyRequest, reply: FastifyReply, stored: StoredJson): FastifyReply {
  if (!stored.gzipped) return sendJson(reply, stored.bytes);
  varyOnEncoding(reply);
  if (acceptsGzip(request.headers['accept-encoding'])) return sendJson(reply.header('Content-Encoding', 'gzip'), stored.bytes);
  // Inflated on the event loop: a turn through zlib's pool would cost more than the inflating.
  return sendJson(reply, gunzipSync(stored.bytes));
}

/** Send a kept answer: compressed when the client accepts brotli or gzip and it is worth it, else as it is. */
export function sendKeptJson(request: FastifyRequest, reply: FastifyReply, body: KeptJson): FastifyReply | Promise<FastifyReply> {
  if (body instanceof StoredJson) return sendStored(request, reply, body);
  if (body.length < MIN_BYTES) return sendJson(reply, body);
  varyOnEncoding(reply);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return sendJson(reply, body);
  const copy = encodedCopy(body, encoding);
  const send = (bytes: Buffer) => (bytes === body ? sendJson(reply, body) : sendJson(reply.header('Content-Encoding', encoding), bytes));
  return Buffer.isBuffer(copy) ? send(copy) : copy.then(send);
}

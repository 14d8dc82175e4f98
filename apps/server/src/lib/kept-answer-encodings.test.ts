import { describe, expect, it } from 'vitest';
import { acceptedEncoding, acceptsGzip, encodedCopy } from './kept-answer-encodings.ts';

describe('acceptedEncoding', () => {
  it('picks what the client weighs higher of brotli and gzip, brotli on a tie, and nothing it refuses', () => {
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('BR; Q=1, GZIP')).toBe('br');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('br;q=0, *;q=0.1')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding('*;q=0')).toBeNull();
    expect(acceptedEncoding('gzip;q=nonsense')).toBeNull();
    expect(acceptedEncoding(['gzip', 'br'])).toBe('br');
  });
});

describe('acceptsGzip', () => {
  it('says whether gzip is accepted at all, by name or by *, whatever is weighed higher', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1, gzip;q=0.1')).toBe(true);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('*;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('identity, deflate')).toBe(false);
    expect(acceptsGzip(['br', 'gzip'])).toBe(true);
  });
});

describe('encodedCopy', () => {
  it('makes one copy per kept answer and encoding, and keeps the original when compressing would not shrink it', async () => {
    const json = Buffer.from(JSON.stringify({ data: Array.from({ length: 50 }, (_, i) => ({ id: i, title: `Report ${i}` })) }));
    const first = encodedCopy(json, 'br');
    expect(encodedCopy(json, 'br')).toBe(first);
    expect((await first).length).toBeLessThan(json.length);
    expect(encodedCopy(Buffer.from(json), 'br')).not.toBe(first);
    const random = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 251));
    const noise = Buffer.from(crypto.getRandomValues(new Uint8Array(4096)));
    expect(await encodedCopy(noise, 'gzip')).toBe(noise);
    expect((await encodedCopy(random, 'gzip')).length).toBeLessThan(random.length);
  });
});

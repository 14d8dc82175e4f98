/**
 * Fastify's `trustProxy` for a number of reverse-proxy hops (TRUST_PROXY): the peer that connected
 * and the N-1 addresses it and its fellows appended to X-Forwarded-For are proxies; the next one
 * to the left is the client. Entries further left were written by the client and are ignored.
 * (Fastify's own numeric setting trusts nothing, and `true` trusts the left-most entry.)
 */
export function trustedHops(hops: number): false | ((address: string, hop: number) => boolean) {
  if (hops <= 0) return false;
  return (_address, hop) => hop < hops;
}

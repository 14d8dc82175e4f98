import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * A route's querystring validator that remembers the queries it accepted: a read that many staff
 * repeat with the same few queries (a gallery's pages, decision 0041's log) is parsed by zod once
 * per distinct query instead of on every request (about 4 µs of a 40 µs kept answer). What it
 * answers is exactly what zod answered the first time — the parsed value, frozen, since every
 * request of that query now shares it — and a query zod refused is checked again each time (its
 * error goes to the error handler as before). Bounded: past `limit` distinct queries it starts over.
 * Other parts of the request (params, body) are validated as by the app's compiler.
 */
type Validation = { value?: unknown; error?: Error };

export function rememberingQueries<S>(limit = 1024): FastifySchemaCompiler<S> {
  const compile = validatorCompiler as unknown as FastifySchemaCompiler<S>;
  return (route) => {
    const validate = compile(route) as (data: unknown) => Validation;
    if (route.httpPart !== 'querystring') return validate;
    const accepted = new Map<string, unknown>();
    return (data: unknown) => {
      const key = queryKey(data);
      const known = key === null ? undefined : accepted.get(key);
      if (known !== undefined) return { value: known };
      const result = validate(data);
      if (key !== null && !result.error && result.value && typeof result.value === 'object') {
        if (accepted.size >= limit) accepted.clear();
        accepted.set(key, Object.freeze(result.value));
      }
      return result;
    };
  };
}

/** A querystring's fields as one string (each name and value prefixed with its length: no two queries alike); null for anything but single string values. */
function queryKey(data: unknown): string | null {
  if (data === null || typeof data !== 'object') return null;
  let key = '';
  for (const [name, value] of Object.entries(data)) {
    if (typeof value !== 'string') return null;
    key += `${name.length}:${name}${value.length}:${value}`;
  }
  return key;
}

import { describe, expect, it } from 'vitest';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rememberingQueries } from './remembered-queries.ts';

const schema = z.object({ page: z.coerce.number().int().min(1).default(1), tag: z.string().optional() });
type Validate = (data: unknown) => { value?: unknown; error?: unknown };
const compile = (part: 'querystring' | 'body', limit?: number) => rememberingQueries(limit)({ schema, httpPart: part, method: 'GET', url: '/x' } as never) as Validate;
const zodAlone = validatorCompiler({ schema, httpPart: 'querystring', method: 'GET', url: '/x' } as never) as Validate;

describe('rememberingQueries', () => {
  it("answers a query it accepted before with zod's own value, shared and frozen", () => {
    const validate = compile('querystring');
    const first = validate({ page: '2', tag: 'school' });
    expect(first).toEqual(zodAlone({ page: '2', tag: 'school' }));
    const again = validate({ page: '2', tag: 'school' });
    expect(again.value).toBe(first.value);
    expect(Object.isFrozen(again.value)).toBe(true);
    // Names and values are told apart: these two would run together without their lengths.
    expect(validate({ page: '2', tag: 'a' }).value).toEqual({ page: 2, tag: 'a' });
    expect(validate({ page: '2', ta: 'ga' }).value).toEqual({ page: 2 });
  });

  it('checks a refused query every time, and leaves repeated parameters and other parts to zod', () => {
    const validate = compile('querystring');
    expect(validate({ page: '0' }).error).toBeDefined();
    expect(validate({ page: '0' }).error).toBeDefined();
    expect(validate({ page: ['1', '2'] }).error).toBeDefined();
    const body = compile('body');
    expect(body({ page: '3' }).value).toEqual({ page: 3 });
    expect(body({ page: '3' }).value).not.toBe(body({ page: '3' }).value);
  });

  it('starts over past its limit, answering as before', () => {
    const validate = compile('querystring', 3);
    for (let page = 1; page <= 10; page++) expect(validate({ page: String(page) }).value).toEqual({ page });
    expect(validate({ page: '10' }).value).toEqual({ page: 10 });
  });
});

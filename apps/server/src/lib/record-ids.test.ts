import { expect, it } from 'vitest';
import { MAX_ID } from '@app/shared/constants';
import { ID_INVALID } from '@app/shared/schemas/common.schema';
import { call, describeEachDatabase, loginAdmin } from '../../test/harness.ts';

// PostgreSQL ids are `integer`: a larger number in a path used to reach the database and fail
// there (500) while SQLite answered 404. Both now answer the same, before any query runs.
describeEachDatabase('record ids beyond the largest id', (server) => {
  const beyond = String(MAX_ID + 1);

  it('name no child: 404 for read, edit and delete', async () => {
    const token = await loginAdmin(server());
    const child = { first_name: 'Maryam', last_name: 'Ahmadi', dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01' };
    for (const [method, url, body] of [
      ['GET', `/api/orphans/${beyond}`, undefined],
      ['PUT', `/api/orphans/${beyond}`, child],
      ['DELETE', `/api/orphans/${beyond}`, undefined],
      ['GET', `/api/orphans/${MAX_ID}`, undefined],
    ] as const) {
      const res = await call(server(), method, url, { token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body).toEqual({ message: 'Orphan not found.', code: 'not_found' });
    }
  });

  it('are refused with 422 and a clear message by every other id route', async () => {
    const token = await loginAdmin(server());
    for (const url of [`/api/users/${beyond}`, `/api/roles/${beyond}`, `/api/pages/${beyond}`, `/api/contacts/${beyond}`, '/api/users/0', '/api/users/abc', '/api/users/1.5']) {
      const res = await call(server(), 'GET', url, { token });
      expect(res.status, url).toBe(422);
      expect(res.body, url).toEqual({ message: ID_INVALID, code: 'validation_failed', errors: { id: [ID_INVALID] } });
    }
    expect((await call(server(), 'GET', `/api/users/${MAX_ID}`, { token })).status).toBe(404);
    expect((await call(server(), 'GET', '/api/users/1', { token })).status).toBe(200);
  });
});

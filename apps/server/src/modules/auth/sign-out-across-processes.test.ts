import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dataPlace, signInChild, startChildServer, type ChildServer, type DataPlace } from '../../../test/child-server.ts';

/**
 * Two server processes on one PostgreSQL database, as two machines behind a load balancer run:
 * each reads the token afresh on every request, so a sign-out made through one is refused by the
 * other on its very next request.
 */
describe.skipIf(!inject('pgAdminUrl'))('a sign-out across two server processes [postgres]', () => {
  let place: DataPlace;
  let first: ChildServer;
  let second: ChildServer;
  beforeAll(async () => {
    place = await dataPlace('postgres');
    // The first start migrates and seeds; the second then finds the database ready.
    first = await startChildServer(place);
    second = await startChildServer(place);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await place?.drop();
  });

  const me = (server: ChildServer, token: string) => fetch(`${server.base}/api/auth/user`, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });

  it('refuses a token on the other process at the next request after it signed out on one', async () => {
    const token = await signInChild(first.base);
    expect((await me(second, token)).status).toBe(200);
    expect((await me(first, token)).status).toBe(200);
    const out = await fetch(`${first.base}/api/auth/logout`, { method: 'POST', headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    const refused = await me(second, token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
  });
});

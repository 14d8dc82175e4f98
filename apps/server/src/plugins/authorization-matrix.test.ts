import { expect, it } from 'vitest';
import { MSG } from '@app/shared/messages';
import { PERMISSIONS, ROLE, SEEDED_ROLES, can, type AccessRule, type Permission, type RoleName } from '@app/shared/permissions';
import { call, describeEachDatabase, firstSiteId, login, loginAdmin, userWithRoles, type TestServer } from '../../test/harness.ts';
import { nowIso } from '../lib/time.ts';

/**
 * The authorization matrix: every route of the route table, called by every kind of
 * caller — nobody, a signed-in user without a role, each seeded role — must answer exactly what
 * this table says, written by hand from the spec's gating (section 6) and docs/design-decisions.md:
 * 401 `Unauthenticated.` without a session, 403 `This action is unauthorized.` without the right,
 * and anything but those (and never a 5xx) with it. A route missing here, or listed but gone,
 * fails the test: a new route is added to the matrix with its intended rule, which is then checked
 * against what the server really enforces.
 *
 * Notation: `public`, `signed-in`, or `+`-joined permission names, all of which must hold
 * (`administer` is what makes an administrator: the seeded Super Admin and Manager hold it); or
 * `|`-joined permission names, any of which will do.
 */
const MATRIX: Record<string, string> = {
  'GET /sanctum/csrf-cookie': 'public',
  'GET /api/health': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/user': 'signed-in',
  'GET /api/dashboard/data': 'signed-in',
  // The lists behind two overview cards: for those who may see a part of them.
  'GET /api/dashboard/events': 'view-orphans|view-results',
  'GET /api/dashboard/tasks': 'view-orphans|view-attendance',
  'PUT /api/profile': 'signed-in',
  'POST /api/profile/confirm-password': 'signed-in',
  'GET /api/activities/recent': 'view-activities',
  'GET /api/activities': 'administer+view-activities',
  'GET /api/activities/users': 'administer+view-activities',
  // Who read a child's record, file or report, and the exports: read only.
  'GET /api/access-log': 'view-access-log',
  'GET /api/access-log/users': 'view-access-log',
  'GET /api/orphans/:id/views': 'view-access-log',
  'POST /api/auth/logout-everywhere': 'signed-in',

  'GET /api/orphans': 'view-orphans',
  'GET /api/orphans/:id': 'view-orphans',
  'GET /api/orphans/possible-duplicates': 'create-orphans',
  'POST /api/orphans': 'create-orphans',
  'PUT /api/orphans/:id': 'edit-orphans',
  'POST /api/orphans/:id': 'edit-orphans',
  'DELETE /api/orphans/:id': 'delete-orphans',
  'GET /api/orphans/trash': 'delete-orphans',
  'POST /api/orphans/:id/restore': 'delete-orphans',
  'DELETE /api/orphans/:id/purge': 'administer+delete-orphans',
  // A move between sites changes the child's record; its history is part of reading it.
  'POST /api/orphans/:id/transfer': 'edit-orphans',
  'GET /api/orphans/:id/transfers': 'view-orphans',
  // Sections the reader may not see are left out of the page, not refused.
  'GET /api/orphans/:id/progress-report': 'view-orphans',
  // Excel exports: the Reports permission and the view permission of the data exported.
  'POST /api/export/orphans': 'view-reports+view-orphans',
  'POST /api/export/results': 'view-reports+view-results',
  'POST /api/export/attendance': 'view-reports+view-attendance',

  'GET /api/galleries': 'view-gallery',
  'GET /api/galleries/:id': 'view-gallery',
  'GET /api/orphans/:id/media': 'view-gallery',
  'POST /api/galleries': 'create-gallery',
  'POST /api/uploads': 'create-gallery',
  'GET /api/uploads/:id': 'create-gallery',
  'PATCH /api/uploads/:id': 'create-gallery',
  'DELETE /api/uploads/:id': 'create-gallery',
  'POST /api/galleries/:id': 'edit-gallery',
  'PUT /api/galleries/:id': 'edit-gallery',
  'DELETE /api/galleries/:id': 'delete-gallery',
  // The signature in the address is the credential (a link that works in an <img> or a download).
  'GET /storage/*': 'public',
  'GET /download/gallery/:id': 'public',
  'GET /download/gallery/:id/:version': 'public',

  'GET /api/results': 'view-results',
  'GET /api/results/class': 'view-results',
  'GET /api/results/:id': 'view-results',
  'GET /api/orphans/:id/results': 'view-results',
  'POST /api/results': 'create-results',
  'PUT /api/results/:id': 'edit-results',
  'DELETE /api/results/:id': 'delete-results',

  'GET /api/attendances': 'view-attendance',
  'GET /api/attendances/:id': 'view-attendance',
  'GET /api/orphans/:id/attendance-summary': 'view-attendance',
  'POST /api/attendances': 'create-attendance',
  // A month for a class both adds and corrects records.
  'POST /api/attendances/batch': 'create-attendance+edit-attendance',
  'PUT /api/attendances/:id': 'edit-attendance',
  'DELETE /api/attendances/:id': 'delete-attendance',

  'GET /api/users': 'view-users',
  'GET /api/users/:id': 'view-users',
  'POST /api/users': 'create-users',
  'PUT /api/users/:id': 'edit-users',
  'PUT /api/users/:id/roles': 'edit-users',
  'DELETE /api/users/:id': 'delete-users',
  'GET /api/roles': 'view-roles',
  'GET /api/roles/:id': 'view-roles',
  'GET /api/permissions': 'view-roles',
  'POST /api/roles': 'create-roles',
  'PUT /api/roles/:id': 'edit-roles',
  'DELETE /api/roles/:id': 'delete-roles',

  'GET /api/pages/published': 'public',
  'GET /api/pages/published/:slug': 'public',
  'GET /api/pages': 'view-pages',
  'GET /api/pages/:id': 'view-pages',
  'POST /api/pages': 'create-pages',
  'PUT /api/pages/:id': 'edit-pages',
  'DELETE /api/pages/:id': 'delete-pages',

  'POST /api/contacts': 'public',
  'GET /api/contacts': 'administer+view-contacts',
  'GET /api/contacts/:id': 'administer+view-contacts',
  'DELETE /api/contacts/:id': 'administer+delete-contacts',

  // Anyone signed in reads the sites they hold (the form's and filters' choices); managing them is manage-sites.
  // Imports from a spreadsheet: the import permission (and, checked inside, creating the kind imported).
  'GET /api/imports': 'import-records',
  'POST /api/imports': 'import-records',
  'GET /api/imports/templates/:kind': 'import-records',
  'GET /api/imports/:id/rows': 'import-records',
  'PUT /api/imports/:id/mapping': 'import-records',
  'POST /api/imports/:id/commit': 'import-records',
  'POST /api/imports/:id/undo': 'import-records',
  'GET /api/sites': 'signed-in',
  'GET /api/sites/:id': 'signed-in',
  'POST /api/sites': 'manage-sites',
  'PUT /api/sites/:id': 'manage-sites',
  'DELETE /api/sites/:id': 'manage-sites',

  'GET /api/settings/public': 'public',
  'GET /api/settings': 'manage-settings',
  'PUT /api/settings': 'manage-settings',

  // Lockdown: its state for the dashboard's banner; starting and lifting it, a Super Admin's alone.
  'GET /api/lockdown': 'signed-in',
  'POST /api/lockdown': 'lockdown',
  'DELETE /api/lockdown': 'lockdown',

  // Signing out ends the caller's own session: it runs last for each caller.
  'POST /api/auth/logout': 'signed-in',
};

/** The API docs (a third-party plugin) are covered by the security-headers/docs tests. */
const OUT_OF_MATRIX = /^\/api\/docs(\/|$)/;
const GUARDED = /^\/(api|storage|download|sanctum)(\/|$)/;

type Expected = 'public' | 'signed-in' | AccessRule;

function parse(notation: string): Expected {
  if (notation === 'public' || notation === 'signed-in') return notation;
  if (notation.includes('|')) return { anyPermission: notation.split('|') as Permission[] };
  return { allPermissions: notation.split('+') as Permission[] };
}

/** A caller as the matrix sees it: the seeded roles' permissions, independent of the server's tables. */
interface Caller {
  label: string;
  roles: RoleName[];
  /** A role of its own holding just this permission (a seeded role's are taken from SEEDED_ROLES). */
  only?: Permission;
  token?: string;
  /** A second sign-in of the same user: each sign-out route ends the caller's session, so the next one needs another. */
  spare?: string;
}

function subject(caller: Caller) {
  const permissions = caller.only ? [caller.only] : caller.roles.flatMap((r) => SEEDED_ROLES[r] ?? []);
  return { roles: caller.roles.map((name) => ({ name })), permissions: [...new Set(permissions)].map((name) => ({ name })) };
}

/** A role an administrator could make, holding one permission and nothing else. */
async function roleHolding(server: TestServer, permission: Permission): Promise<number> {
  const db = server.database.db;
  const name = `Only ${permission}`;
  const now = nowIso();
  const role = await db.insertInto('roles').values({ name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const perm = await db.selectFrom('permissions').select('id').where('name', '=', permission).executeTakeFirstOrThrow();
  await db.insertInto('role_permissions').values({ role_id: role.id, permission_id: perm.id }).execute();
  return role.id;
}

/** A concrete address for a route: ids that exist nowhere, so an allowed call changes nothing. */
function concrete(url: string): string {
  return url
    .replace(/:version\b/, 'original')
    .replace(/:slug\b/, 'no-such-page')
    .replace(/:id\b/g, url.startsWith('/api/uploads') ? 'no-such-upload' : '999999')
    .replace(/\*$/, 'orphans/no-such-file.webp');
}

/**
 * A one-permission caller calls the routes whose rule names its permission: there it must get in
 * (or be refused for want of the role). A route that checked another permission instead would
 * refuse it; one that checked none would let the role-less caller in. It also calls every
 * "either permission" route (`a|b`), where holding neither must be refused: the seeded roles hold
 * permissions in bundles, so a route that let in a third permission as well would pass them. The
 * other callers call every route.
 */
function concerns(caller: Caller, notation: string): boolean {
  return !caller.only || notation.includes('|') || notation.split('+').includes(caller.only);
}

type Outcome = 'unauthenticated' | 'forbidden' | 'allowed';

function expectedOutcome(expected: Expected, caller: Caller): Outcome {
  if (expected === 'public') return 'allowed';
  if (!caller.token) return 'unauthenticated';
  if (expected === 'signed-in') return 'allowed';
  return can(subject(caller), expected) ? 'allowed' : 'forbidden';
}

describeEachDatabase('authorization matrix', (ctx) => {
  it('lists every guarded route of the route table, and nothing that is not there', () => {
    const routes = new Set(
      ctx()
        .app.routeTable.filter((r) => GUARDED.test(r.url) && !OUT_OF_MATRIX.test(r.url) && r.method !== 'HEAD')
        .map((r) => `${r.method} ${r.url}`),
    );
    expect([...routes].filter((r) => !(r in MATRIX)), 'routes missing from the matrix').toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !routes.has(r)), 'matrix rows with no route').toEqual([]);
  });

  it('answers every caller on every route exactly as the matrix says', async () => {
    const server = ctx();
    const roles: RoleName[] = [ROLE.teacher, ROLE.caseworker, ROLE.manager];
    const callers: Caller[] = [
      { label: 'nobody', roles: [] },
    ];
    const withSignIn = async (label: string, r: RoleName[]): Promise<Caller> => {
      const user = await userWithRoles(server, r);
      return { label, roles: r, token: user.token, spare: await login(server, user.email, 'user-password-1') };
    };
    callers.push(await withSignIn('signed-in without a role', []));
    // One sign-in at a time: one address may have only two password checks in flight.
    for (const r of roles) callers.push(await withSignIn(r, [r]));
    const admin = await loginAdmin(server);
    callers.push({ label: ROLE.superAdmin, roles: [ROLE.superAdmin], token: admin, spare: await loginAdmin(server) });
    // Signing out last, so each caller's session lasts through its other calls.
    const signsOut = (route: string) => ['POST /api/auth/logout', 'POST /api/auth/logout-everywhere'].indexOf(route) + 1;
    const rows = Object.entries(MATRIX).sort(([a], [b]) => signsOut(a) - signsOut(b));
    const wrong: string[] = [];
    const check = async (caller: Caller) => {
      for (const [route, notation] of rows.filter(([, n]) => concerns(caller, n))) {
        const [method, url] = route.split(' ');
        // The second sign-out route, after the first ended the session: signed in again.
        if (signsOut(route) === 2 && caller.token && caller.spare) caller.token = caller.spare;
        const res = await call(server, method, concrete(url), { token: caller.token, body: ['GET', 'DELETE'].includes(method) ? undefined : {} });
        const outcome = expectedOutcome(parse(notation), caller);
        const body = res.body as { message?: string; code?: string } | null;
        const ok =
          outcome === 'unauthenticated'
            ? res.status === 401 && body?.message === MSG.unauthenticated && body.code === 'unauthenticated'
            : outcome === 'forbidden'
              ? res.status === 403 && body?.message === MSG.forbidden && body.code === 'forbidden'
              : // Allowed: past the door. A signed address that does not verify is the route's own answer.
                res.status < 500 && res.status !== 401 && (res.status !== 403 || body?.code === 'invalid_signature');
        if (!ok) wrong.push(`${caller.label}: ${route} expected ${outcome}, got ${res.status} ${body?.code ?? ''}`);
      }
    };
    await Promise.all(callers.map(check));

    // Seeded roles hold permissions in bundles (every role with view-results has view-attendance):
    // a caller holding one permission at a time tells each route's permission from its neighbours'.
    // One user, its role swapped through the API (which ends its cached grants at once).
    const single = await userWithRoles(server, []);
    const swapper = await loginAdmin(server); // the first admin session signed itself out above
    for (const permission of PERMISSIONS) {
      const roleId = await roleHolding(server, permission);
      const swapped = await call(server, 'PUT', `/api/users/${single.id}/roles`, { token: swapper, body: { roles: [roleId] } });
      expect(swapped.status).toBe(200);
      await check({ label: `Only ${permission}`, roles: [], only: permission, token: single.token });
    }
    expect(wrong.sort()).toEqual([]);
  }, 180_000);

  /**
   * The site dimension: a user of site A who holds every permission of a Manager calls every route
   * that takes a child's id, or the id of a child's result or month, with the ids of site B's.
   * Each answer is the one an id that exists nowhere gets (404, or the same 422), so nothing tells
   * that the record exists; nothing changes; and lists, totals and the overview count site A's only.
   */
  it('answers a user of one site about another site\'s children exactly as about children that do not exist', async () => {
    const server = ctx();
    const db = server.database.db;
    const admin = await loginAdmin(server);
    const siteA = await firstSiteId(server);
    const siteB = (await call(server, 'POST', '/api/sites', { token: admin, body: { name: `Site B ${Date.now()}`, kind: 'orphanage' } })).body.data.id as number;
    const childOf = async (site: number, first: string) =>
      (await call(server, 'POST', '/api/orphans', { token: admin, body: { first_name: first, last_name: 'Matrix', dob: '2013-02-02', gender: 'female', admission_date: '2020-01-01', site_id: site } })).body.data.id as number;
    const a = await childOf(siteA, 'Asel');
    const b = await childOf(siteB, 'Benafsha');
    const trashedB = await childOf(siteB, 'Trashed');
    expect((await call(server, 'DELETE', `/api/orphans/${trashedB}`, { token: admin })).status).toBe(200);
    const saved = await call(server, 'POST', '/api/results', { token: admin, body: { result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 100, average: 78, score: 84, grade: 'A', orphan_id: b } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const result = saved.body.data.id as number;
    const month = (await call(server, 'POST', '/api/attendances', { token: admin, body: { month: 2, year: 2025, present_days: 18, absent_days: 2, late_days: 1, excused_days: 1, absence_reasons: 'Fever', orphan_id: b } })).body.data.id as number;
    const letter = (orphanId: number) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ orphan_id: String(orphanId), media_type: 'document', title: 'Letter', date: '2025-02-03' })) form.append(k, v);
      form.append('file', new Blob(['A letter to the donor.\n'], { type: 'text/plain' }), 'letter.txt');
      return form;
    };
    const item = (await call(server, 'POST', '/api/galleries', { token: admin, body: letter(b) })).body.data.id as number;
    expect([a, b, result, month, item].every((id) => Number.isInteger(id))).toBe(true);
    const manager = await userWithRoles(server, ['Manager'], undefined, { sites: [siteA] });

    const snapshot = async () => ({
      orphans: await db.selectFrom('orphans').select(['id', 'updated_at', 'deleted_at', 'site_id']).orderBy('id').execute(),
      results: await db.selectFrom('results').select(['id', 'updated_at']).orderBy('id').execute(),
      attendances: await db.selectFrom('attendances').select(['id', 'updated_at']).orderBy('id').execute(),
      media: await db.selectFrom('media').select(['id', 'updated_at']).orderBy('id').execute(),
      activities: Number((await db.selectFrom('activities').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    });
    const before = await snapshot();
    const idFor = (url: string) =>
      url.startsWith('/api/results/') ? result : url.startsWith('/api/attendances/') ? month : url.startsWith('/api/galleries/') ? item : url.endsWith('/restore') || url.endsWith('/purge') ? trashedB : b;
    const childRoutes = Object.keys(MATRIX).filter((r) => /^\w+ \/api\/(orphans|results|attendances|galleries)\/:id/.test(r));
    expect(childRoutes.length).toBeGreaterThan(12);
    const differ: string[] = [];
    for (const route of childRoutes) {
      const [method, url] = route.split(' ') as [string, string];
      const body = ['GET', 'DELETE'].includes(method) ? undefined : {};
      const theirs = await call(server, method, url.replace(':id', String(idFor(url))), { token: manager.token, body });
      const nobodys = await call(server, method, url.replace(':id', '999999'), { token: manager.token, body });
      if (theirs.status !== nobodys.status || JSON.stringify(theirs.body) !== JSON.stringify(nobodys.body) || ![404, 405, 422].includes(theirs.status)) {
        differ.push(`${route}: ${theirs.status} ${JSON.stringify(theirs.body)} vs ${nobodys.status}`);
      }
    }
    // Ids in a body and a query: refused as an unknown child's are.
    const asUnknown = async (method: string, url: string, body: (id: number) => unknown) => {
      const theirs = await call(server, method, url.replace('{id}', String(b)), { token: manager.token, body: body(b) });
      const nobodys = await call(server, method, url.replace('{id}', '999999'), { token: manager.token, body: body(999999) });
      // A message may name the id it was given ("Child #…"): the same words with the other id.
      const same = JSON.stringify(theirs.body).replaceAll(`#${b}`, '#999999') === JSON.stringify(nobodys.body);
      if (theirs.status !== nobodys.status || !same) differ.push(`${method} ${url}: ${theirs.status} vs ${nobodys.status}`);
    };
    await asUnknown('POST', '/api/results', (id) => ({ result_type: 'education', subject: 'Dari', term: 'First Term', exam_date: '2025-05-12', year: 2025, total: 100, average: 70, score: 70, grade: 'B', orphan_id: id }));
    await asUnknown('POST', '/api/attendances', (id) => ({ month: 3, year: 2025, present_days: 18, absent_days: 2, late_days: 1, excused_days: 1, absence_reasons: 'Fever', orphan_id: id }));
    await asUnknown('POST', '/api/attendances/batch', (id) => ({ month: 4, year: 2025, rows: [{ orphan_id: id, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0 }] }));
    await asUnknown('POST', '/api/export/results', (id) => ({ result_type: 'education', from_date: '2025-01-01', to_date: '2025-12-31', orphan_id: id }));
    await asUnknown('GET', '/api/results?orphan_id={id}', () => undefined);
    await asUnknown('GET', '/api/attendances?orphan_id={id}', () => undefined);
    await asUnknown('GET', '/api/galleries?orphan_id={id}', () => undefined);
    await asUnknown('POST', '/api/galleries', letter);
    // A resumable upload's metadata names the child: refused before a byte is taken, as for no child.
    const resumable = async (orphanId: number) => {
      const metadata = Object.entries({ orphan_id: String(orphanId), media_type: 'document', title: 'Letter', date: '2025-02-03', filename: 'letter.pdf' })
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(',');
      const res = await call(server, 'POST', '/api/uploads', { token: manager.token, headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1000', 'Upload-Metadata': metadata } });
      return [res.status, JSON.stringify(res.body)];
    };
    const [theirUpload, nobodysUpload] = [await resumable(b), await resumable(999999)];
    if (JSON.stringify(theirUpload) !== JSON.stringify(nobodysUpload) || theirUpload[0] === 201) differ.push(`POST /api/uploads: ${theirUpload[0]} vs ${nobodysUpload[0]}`);
    // Another site's id as a filter: refused as a site that does not exist (422, the same words).
    const asUnknownSite = async (method: string, url: string, body?: Record<string, unknown>) => {
      const with_ = (id: number) => (body ? [url, { ...body, site_id: id }] : [`${url}${url.includes('?') ? '&' : '?'}site_id=${id}`, undefined]) as [string, unknown];
      const [theirsUrl, theirsBody] = with_(siteB);
      const [nobodysUrl, nobodysBody] = with_(999999);
      const theirs = await call(server, method, theirsUrl, { token: manager.token, body: theirsBody });
      const nobodys = await call(server, method, nobodysUrl, { token: manager.token, body: nobodysBody });
      if (theirs.status !== 422 || JSON.stringify(theirs.body) !== JSON.stringify(nobodys.body)) differ.push(`${method} ${url} site_id: ${theirs.status} vs ${nobodys.status}`);
    };
    for (const url of ['/api/orphans', '/api/dashboard/data', '/api/results', '/api/attendances', '/api/galleries']) await asUnknownSite('GET', url);
    await asUnknownSite('POST', '/api/export/orphans', {});
    await asUnknownSite('POST', '/api/export/results', { result_type: 'education', from_date: '2025-01-01', to_date: '2025-12-31' });
    await asUnknownSite('POST', '/api/export/attendance', { month: 2, year: 2025 });
    expect(differ).toEqual([]);
    expect(await snapshot()).toEqual(before);

    // Lists, totals and the overview: site A's children only; the all-sites admin sees both.
    const list = await call(server, 'GET', '/api/orphans?per_page=100', { token: manager.token });
    expect(list.body.data.map((c: { id: number }) => c.id)).toContain(a);
    expect(list.body.data.map((c: { id: number }) => c.id)).not.toContain(b);
    const inA = Number((await db.selectFrom('orphans').select((eb) => eb.fn.countAll<number>().as('n')).where('site_id', '=', siteA).where('deleted_at', 'is', null).executeTakeFirstOrThrow()).n);
    expect(list.body.total).toBe(inA);
    const selector = await call(server, 'GET', '/api/orphans?no_pagination=true', { token: manager.token });
    expect(selector.body.data.data.map((c: { id: number }) => c.id)).not.toContain(b);
    expect((await call(server, 'GET', '/api/orphans?search=Benafsha', { token: manager.token })).body.total).toBe(0);
    expect((await call(server, 'GET', '/api/orphans?search=Benafsha', { token: admin })).body.total).toBe(1);
    expect((await call(server, 'GET', '/api/orphans/trash', { token: manager.token })).body.data.map((c: { id: number }) => c.id)).not.toContain(trashedB);
    const results = await call(server, 'GET', '/api/results', { token: manager.token });
    expect(results.body.data.map((r: { id: number }) => r.id)).not.toContain(result);
    const months = await call(server, 'GET', '/api/attendances?month=2&year=2025', { token: manager.token });
    expect(months.body.data.map((r: { id: number }) => r.id)).not.toContain(month);
    const overview = await call(server, 'GET', '/api/dashboard/data', { token: manager.token });
    expect(overview.body.total_orphans.on_record).toBe(inA);
    const log = await call(server, 'GET', '/api/activities?per_page=100', { token: manager.token });
    expect(log.body.data.filter((e: { subject_type: string; subject_id: number }) => e.subject_type === 'orphan' && [b, trashedB].includes(e.subject_id))).toEqual([]);
    expect(log.body.data.filter((e: { subject_type: string; subject_id: number }) => e.subject_type === 'result' && e.subject_id === result)).toEqual([]);
    expect(log.body.data.filter((e: { subject_type: string; subject_id: number }) => e.subject_type === 'media' && e.subject_id === item)).toEqual([]);
  });
});

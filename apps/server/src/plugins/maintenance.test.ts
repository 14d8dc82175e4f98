import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin, userWithRoles } from '../../test/harness.ts';
import { withTamperedSignature } from '../../test/tampered-signature.ts';

/**
 * Maintenance mode closes the dashboard's API to everyone but administrators, and nothing else
 * (docs/design-decisions.md, "Maintenance mode"): visitors read the site and
 * send messages, sign-in stays open, and a signed file URL is served — the signature is the credential.
 */

/** Signed-in routes a non-administrator may still call during maintenance, so the SPA can explain and sign out (here or everywhere). */
const OPEN_TO_STAFF = new Set(['GET /api/auth/user', 'POST /api/auth/logout', 'POST /api/auth/logout-everywhere']);

/** A concrete URL for a route pattern: any id, any slug, any stored key. */
const concrete = (url: string) => url.replace(/:[a-zA-Z_]+/g, '1').replace(/\*$/, 'x/y.webp');

describeEachDatabase('maintenance mode', (server) => {
  let admin: string;
  let teacher: { token: string; email: string };
  let photoUrl: string;
  let thumbUrl: string;

  beforeAll(async () => {
    admin = await loginAdmin(server());
    teacher = await userWithRoles(server(), ['Teacher'], 'teacher-pass-1');
    const page = await call(server(), 'POST', '/api/pages', {
      token: admin,
      body: { title: 'Our School', slug: 'our-school', content: '<p>Hello</p>', metaTitle: 'School', metaDescription: 'About', isPublished: true },
    });
    expect(page.status).toBe(201);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 0, g: 90, b: 40 } } }).png().toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({ first_name: 'Maryam', last_name: 'Ahmadi', dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', status: 'active' })) form.append(k, v);
    form.append('profile_photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'p.png');
    const child = await call(server(), 'POST', '/api/orphans', { token: admin, body: form });
    expect(child.status).toBe(201);
    photoUrl = child.body.data.profile_photo_url;
    thumbUrl = child.body.data.profile_photo_thumb_url;
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) await server().app.limiter.clear(`contact:${ip}`);
    const on = await call(server(), 'PUT', '/api/settings', { token: admin, body: { organization_name: 'Org', maintenance_mode: '1' } });
    expect(on.status).toBe(200);
  });

  it('keeps the public site open to visitors: published pages, public settings, the contact form, sign-in', async () => {
    const list = await call(server(), 'GET', '/api/pages/published');
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { slug: string }) => p.slug)).toContain('our-school');
    expect((await call(server(), 'GET', '/api/pages/published/our-school')).status).toBe(200);
    const settings = await call(server(), 'GET', '/api/settings/public');
    expect(settings.status).toBe(200);
    expect(settings.body.maintenance_mode).toBe('1');
    const message = { name: 'Ahmad Rahimi', email: 'ahmad@example.org', subject: 'Visit', message: 'May I visit the school?' };
    expect((await call(server(), 'POST', '/api/contacts', { body: message })).status).toBe(201);
    expect((await call(server(), 'POST', '/api/auth/login', { body: { email: teacher.email, password: 'teacher-pass-1' } })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/health')).status).toBe(200);
  });

  it('serves signed photo URLs to anyone holding one; a bad signature is still 403', async () => {
    for (const url of [photoUrl, thumbUrl]) {
      const res = await fetch(`${server().url}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
    }
    expect((await fetch(`${server().url}${withTamperedSignature(photoUrl)}`)).status).toBe(403);
  });

  it('no public route answers 503 to a visitor (walks the route table)', async () => {
    const publicRoutes = server().app.routeTable.filter((r) => r.access === 'public' && r.method !== 'HEAD');
    expect(publicRoutes.length).toBeGreaterThan(5);
    for (const route of publicRoutes) {
      const res = await call(server(), route.method, concrete(route.url), ['GET', 'HEAD'].includes(route.method) ? {} : { body: {} });
      expect(res.status, `${route.method} ${route.url}`).not.toBe(503);
    }
  });

  it('closes every other route to staff with 503, and leaves administrators at work', async () => {
    const staffRoutes = server().app.routeTable.filter((r) => r.access !== 'public' && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    const open: string[] = [];
    for (const route of staffRoutes) {
      const name = `${route.method} ${route.url}`;
      // Signing out (here or everywhere) would end the teacher's session for the rest of the walk: asked last.
      if (route.url === '/api/auth/logout' || route.url === '/api/auth/logout-everywhere') continue;
      const res = await call(server(), route.method, concrete(route.url), { token: teacher.token, ...(route.method === 'GET' ? {} : { body: {} }) });
      if (res.status === 503) expect(res.body, name).toEqual({ message: 'The system is under maintenance. Please try again later.', code: 'maintenance' });
      else open.push(name);
    }
    for (const url of ['/api/auth/logout-everywhere', '/api/auth/logout']) {
      const res = await call(server(), 'POST', url, { token: (await userWithRoles(server(), ['Teacher'], 'teacher-pass-1')).token });
      if (res.status !== 503) open.push(`POST ${url}`);
    }
    expect(new Set(open)).toEqual(OPEN_TO_STAFF);
    // A guest on the staff API learns the system is down, not that a sign-in is missing.
    expect((await call(server(), 'GET', '/api/orphans')).status).toBe(503);
    expect((await call(server(), 'GET', '/api/orphans', { token: admin })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/dashboard/data', { token: admin })).status).toBe(200);
  });
});

import { expect, it } from 'vitest';
import { ADMIN, call, describeEachDatabase, loginAdmin } from '../../test/harness.ts';
import { seedEssentials } from './seed.ts';

const LEGAL = [
  { title: 'Privacy Policy', slug: 'privacy-policy' },
  { title: 'Terms of Service', slug: 'terms-of-service' },
  { title: 'Cookie Policy', slug: 'cookie-policy' },
];

describeEachDatabase('starter legal pages', (server) => {
  it('are published on a fresh install, so the footer links work without an administrator', async () => {
    const listed = await call(server(), 'GET', '/api/pages/published');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual(expect.arrayContaining(LEGAL));

    for (const { title, slug } of LEGAL) {
      const res = await call(server(), 'GET', `/api/pages/published/${slug}`);
      expect(res.status, slug).toBe(200);
      expect(res.body.data).toMatchObject({ title, slug, isPublished: true, metaTitle: title });
      const content: string = res.body.data.content;
      // A real first text, with headings under the page's own title (the page shows that as its h1).
      expect(content.length, slug).toBeGreaterThan(600);
      expect(content).toMatch(/<h3>/);
      expect(content).not.toContain(`<h2>${title}</h2>`);
    }
  });

  it('are written once: a later start neither brings back a deleted page nor republishes a hidden one', async () => {
    const token = await loginAdmin(server());
    const all = (await call(server(), 'GET', '/api/pages?per_page=50', { token })).body.data.data as { id: number; slug: string }[];
    const privacy = all.find((p) => p.slug === 'privacy-policy')!;
    const terms = all.find((p) => p.slug === 'terms-of-service')!;
    const hide = await call(server(), 'PUT', `/api/pages/${privacy.id}`, { token, body: { ...privacy, isPublished: false } });
    expect(hide.status).toBe(200);
    expect((await call(server(), 'DELETE', `/api/pages/${terms.id}`, { token })).status).toBe(200);

    // What every start does after migrating (db/bootstrap.ts).
    await seedEssentials(server().database.db, { email: ADMIN.email, password: ADMIN.password });

    expect((await call(server(), 'GET', '/api/pages/published/privacy-policy')).status).toBe(404);
    expect((await call(server(), 'GET', '/api/pages/published/terms-of-service')).status).toBe(404);
    const after = (await call(server(), 'GET', '/api/pages?per_page=50', { token })).body.data.data as { slug: string }[];
    expect(after.map((p) => p.slug).sort()).toEqual(['cookie-policy', 'privacy-policy']);
  });
});

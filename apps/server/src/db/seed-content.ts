import type { Transaction } from 'kysely';
import { DEFAULT_SETTINGS } from '@app/shared/schemas/settings.schema';
import type { DB } from './schema.ts';

/** Marks that the starter pages were written once; an administrator may edit, hide or delete them afterwards. */
const PAGES_SEEDED_KEY = 'seeded_starter_pages';

const PRIVACY = `<p>This policy explains what information our organisation collects through this web site and the staff dashboard, why we collect it, and how we protect it. We care for children whose safety depends on their information staying private, so we collect as little as we can and share nothing without a reason.</p>
<h3>What we collect</h3>
<ul>
<li><strong>Contact form:</strong> your name, e-mail address, subject and message, and the network address the message came from (to stop abuse).</li>
<li><strong>Staff accounts:</strong> name, e-mail address, a securely hashed password and the roles an administrator has granted.</li>
<li><strong>Children in our care:</strong> records kept by authorised staff only. They are never shown on the public site.</li>
</ul>
<h3>How we use it</h3>
<p>We use contact messages only to answer you. We use staff account information only to let staff sign in and to record who changed what. We do not sell or rent information, and we do not use it for advertising.</p>
<h3>How we protect it</h3>
<p>Access is limited to staff whose role requires it. Photos and documents are served only through short-lived links. Every change is written to an activity log.</p>
<h3>Your rights</h3>
<p>You may ask us what information we hold about you, ask us to correct it, or ask us to delete it. Write to us using the contact page.</p>`;

const TERMS = `<p>By using this web site you agree to these terms. If you do not agree, please do not use the site.</p>
<h3>Use of the site</h3>
<ul>
<li>Use the site lawfully and do not try to gain access to parts of it you are not authorised to use.</li>
<li>Do not send messages that are abusive, misleading or automated.</li>
<li>Staff accounts are personal: keep your password secret and sign out on shared computers.</li>
</ul>
<h3>Content</h3>
<p>The text and images on this site belong to the organisation unless stated otherwise. You may share links to public pages. You may not copy photographs of children in our care for any purpose.</p>
<h3>No warranty</h3>
<p>We work to keep the information on this site accurate and the site available, but we cannot promise that it is always complete, current or uninterrupted.</p>
<h3>Changes</h3>
<p>We may update these terms. The version published on this page is the one that applies.</p>`;

const COOKIES = `<p>This site uses as few cookies and similar storage as it needs to work. We use no advertising or tracking cookies.</p>
<h3>What we store</h3>
<ul>
<li><strong>XSRF-TOKEN</strong> (cookie): protects forms such as sign-in and the contact form against cross-site request forgery. It expires after two hours.</li>
<li><strong>Sign-in token</strong> (browser storage): keeps staff signed in. It is removed when you sign out.</li>
<li><strong>Preferences</strong> (browser storage): your choice of light or dark theme, language and the sidebar state.</li>
</ul>
<h3>Your choices</h3>
<p>You can delete cookies and site data in your browser settings at any time. Without the XSRF-TOKEN cookie you will not be able to sign in or send the contact form.</p>`;

export const STARTER_PAGES = [
  { title: 'Privacy Policy', slug: 'privacy-policy', content: PRIVACY, meta_description: 'How we collect, use and protect information.' },
  { title: 'Terms of Service', slug: 'terms-of-service', content: TERMS, meta_description: 'The terms for using this web site.' },
  { title: 'Cookie Policy', slug: 'cookie-policy', content: COOKIES, meta_description: 'The cookies and browser storage this site uses.' },
];

/**
 * Default site settings (each written only when missing) and the starter legal pages, published
 * (written once, on a fresh install: the footer links them as soon as the site is up, so a visitor
 * never meets a dead Privacy Policy link; an administrator edits, unpublishes or deletes them
 * afterwards under Content Management). An install seeded before they were published keeps its
 * drafts as they are: someone may have chosen not to publish them.
 */
export async function seedAdminContent(trx: Transaction<DB>, now: string): Promise<void> {
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
    await trx.insertInto('settings').values({ key, value }).onConflict((oc) => oc.column('key').doNothing()).execute();
  }
  const seeded = await trx.selectFrom('settings').select('value').where('key', '=', PAGES_SEEDED_KEY).executeTakeFirst();
  if (seeded) return;
  for (const page of STARTER_PAGES) {
    await trx
      .insertInto('pages')
      .values({ ...page, meta_title: page.title, is_published: 1, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
  await trx.insertInto('settings').values({ key: PAGES_SEEDED_KEY, value: '1' }).execute();
}

import pino from 'pino';
import { ROLE } from '@app/shared/permissions';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import { loadConfig } from '../config.ts';
import { loadAuthUser } from '../modules/auth/current-user.service.ts';
import { createOrphan, viewableClasses } from '../modules/orphans/orphans.service.ts';
import { createFileStore } from '../modules/storage/storage.service.ts';
import { createUser } from '../modules/users/users.service.ts';
import { prepareDatabase } from './bootstrap.ts';
import { demoChildren } from './demo/demo-children.ts';

/**
 * `npm run seed:demo`: fills the configured database with realistic demo data for trying the
 * product — children with guardians, donors and profiles (through the same service the API uses,
 * so search and the activity log are right), and one staff account per seeded role.
 * Runs once per database; a second run changes nothing.
 */
const CHILDREN = 150;
const DEMO_PASSWORD = 'demo-password';
const MARKER = 'demo_seeded_at';

const config = loadConfig();
const { database } = await prepareDatabase(config);
const { db, dialect } = database;

const seeded = await db.selectFrom('app_keys').select('value').where('name', '=', MARKER).executeTakeFirst();
if (seeded) {
  console.log(`Demo data is already in this database (seeded ${seeded.value}); nothing to do.`);
  await database.destroy();
  process.exit(0);
}

const superAdminRole = await db.selectFrom('roles').select('id').where('name', '=', ROLE.superAdmin).executeTakeFirstOrThrow();
const holder = await db.selectFrom('user_roles').select('user_id').where('role_id', '=', superAdminRole.id).executeTakeFirstOrThrow();
const actor = (await loadAuthUser(db, holder.user_id)) as AuthUser;
const userCtx = { db, dialect, actor, tokenId: null };
// The demo's staff and children all go to the first site (the one the migrations made).
const site = await db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow();

const staff = [
  { name: 'Hamida Rahimi', email: 'manager@example.org', role: ROLE.manager },
  { name: 'Nasir Ahmadi', email: 'teacher@example.org', role: ROLE.teacher },
  { name: 'Laila Karimi', email: 'caseworker@example.org', role: ROLE.caseworker },
];
for (const s of staff) {
  const exists = await db.selectFrom('users').select('id').where('email', '=', s.email).executeTakeFirst();
  if (!exists) await createUser(userCtx, { name: s.name, email: s.email, password: DEMO_PASSWORD, is_email_verified: true, roles: [s.role], site_ids: [site.id] }, 'seed');
}

const store = await createFileStore(config, db);
const ctx = { db, dialect, store, log: pino({ level: 'warn' }), scope: { all: true } as const, sites: [site], user: actor, viewable: viewableClasses(actor) };
for (const fields of demoChildren(CHILDREN)) await createOrphan(ctx, actor.id, { fields, removePhoto: false });

await db.insertInto('app_keys').values({ name: MARKER, value: new Date().toISOString() }).execute();
await database.destroy();
console.log(`Demo data added: ${CHILDREN} children and staff accounts ${staff.map((s) => `${s.email} (${s.role})`).join(', ')} — password "${DEMO_PASSWORD}".`);

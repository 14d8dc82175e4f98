import pino from 'pino';
import { GRADES, MEDICAL_CONDITIONS } from '@app/shared/constants';
import { ROLE } from '@app/shared/permissions';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import { loadConfig } from '../config.ts';
import { loadAuthUser } from '../modules/auth/current-user.service.ts';
import { createOrphan } from '../modules/orphans/orphans.service.ts';
import { createFileStore } from '../modules/storage/storage.service.ts';
import { createUser } from '../modules/users/users.service.ts';
import { prepareDatabase } from './bootstrap.ts';
import { LocalWrites } from './write-batcher.ts';
import { writeRegistry } from './write-registry.ts';
import { FEMALE_DARI, FEMALE_LATIN, LAST_NAMES_DARI, LAST_NAMES_LATIN, MALE_DARI, MALE_LATIN } from './demo/afghan-names.ts';

/**
 * `npm run seed:demo`: fills the configured database with realistic demo data for trying the
 * product — children with guardians, donors and profiles (through the same service the API uses,
 * so search and the activity log are right), and one staff account per seeded role.
 * Runs once per database; a second run changes nothing.
 */
const CHILDREN = 150;
const DEMO_PASSWORD = 'demo-password';
const MARKER = 'demo_seeded_at';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const config = loadConfig();
const { database } = await prepareDatabase(config);
const { db, dialect } = database;

const seeded = await db.selectFrom('app_keys').select('value').where('name', '=', MARKER).executeTakeFirst();
if (seeded) {
  console.log(`Demo data is already in this database (seeded ${seeded.value}); nothing to do.`);
  await database.destroy();
  process.exit(0);
}

const r = rng(1404);
const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const pad = (n: number) => String(n).padStart(2, '0');
const date = (fromYear: number, years: number) => `${fromYear + Math.floor(r() * years)}-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}`;

const superAdminRole = await db.selectFrom('roles').select('id').where('name', '=', ROLE.superAdmin).executeTakeFirstOrThrow();
const holder = await db.selectFrom('user_roles').select('user_id').where('role_id', '=', superAdminRole.id).executeTakeFirstOrThrow();
const actor = (await loadAuthUser(db, holder.user_id)) as AuthUser;
const userCtx = { db, dialect, actor, tokenId: null };

const staff = [
  { name: 'Hamida Rahimi', email: 'manager@example.org', role: ROLE.manager },
  { name: 'Nasir Ahmadi', email: 'teacher@example.org', role: ROLE.teacher },
  { name: 'Laila Karimi', email: 'caseworker@example.org', role: ROLE.caseworker },
];
for (const s of staff) {
  const exists = await db.selectFrom('users').select('id').where('email', '=', s.email).executeTakeFirst();
  if (!exists) await createUser(userCtx, { name: s.name, email: s.email, password: DEMO_PASSWORD, is_email_verified: true, roles: [s.role] });
}

const store = await createFileStore(config, db);
const ctx = { db, writes: new LocalWrites(database, writeRegistry), dialect, store, log: pino({ level: 'warn' }) };
const relationships = ['Mother', 'Uncle', 'Aunt', 'Grandmother', 'Grandfather', 'Elder brother'];
const provinces = ['Kabul', 'Herat', 'Balkh', 'Kandahar', 'Nangarhar', 'Bamyan', 'Parwan'];
const hobbies = ['Reading', 'Drawing', 'Football', 'Calligraphy', 'Embroidery', 'Volleyball', 'Poetry'];
const talents = ['Mathematics', 'Quran recitation', 'Singing', 'Painting', 'English', 'Storytelling'];

for (let i = 0; i < CHILDREN; i++) {
  const dari = r() < 0.4;
  // Most children in the organisation's care are girls.
  const female = r() < 0.85;
  const last = pick(dari ? LAST_NAMES_DARI : LAST_NAMES_LATIN);
  const father = pick(dari ? MALE_DARI : MALE_LATIN);
  const donorLast = pick(LAST_NAMES_LATIN);
  const fields: Record<string, unknown> = {
    first_name: pick(dari ? (female ? FEMALE_DARI : MALE_DARI) : female ? FEMALE_LATIN : MALE_LATIN),
    last_name: last,
    father_name: father,
    grandfather_name: pick(dari ? MALE_DARI : MALE_LATIN),
    school_id_number: `SCH-${2000 + i}`,
    identity_card_number: `${1395 + Math.floor(r() * 8)}-0${Math.floor(r() * 1e7)}`,
    dob: date(2008, 12),
    gender: female ? 'female' : 'male',
    blood_group: pick(['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+']),
    class_grade: pick(GRADES),
    phone_number: `07${Math.floor(10_000_000 + r() * 89_999_999)}`,
    address: `District ${1 + Math.floor(r() * 22)}, ${pick(provinces)}, Afghanistan`,
    guardian_name: `${pick(female ? FEMALE_LATIN : MALE_LATIN)} ${last}`,
    guardian_contact: `07${Math.floor(10_000_000 + r() * 89_999_999)}`,
    guardian_relationship: pick(relationships),
    responsible_person: pick(['Hamida Rahimi', 'Laila Karimi']),
    admission_date: date(2016, 10),
    status: r() < 0.88 ? 'active' : pick(['inactive', 'graduated']),
    medical_condition: r() < 0.8 ? 'Healthy' : pick(MEDICAL_CONDITIONS),
    total_income: (Math.floor(r() * 60_000) / 100).toFixed(2),
    total_expenses: (Math.floor(r() * 45_000) / 100).toFixed(2),
    income_source: pick(['Sponsorship', 'Family support', 'Community donation']),
    donor_name: pick(FEMALE_LATIN.concat(MALE_LATIN)),
    donor_last_name: donorLast,
    donor_email: `${donorLast.toLowerCase()}.${i}@donors.example.org`,
    notes: r() < 0.5 ? 'Attends the school every day; follow up on winter clothing.' : '',
    profile: { hobbies: pick(hobbies), talents: pick(talents), special_needs: r() < 0.1 ? 'Needs glasses' : '' },
  };
  await createOrphan(ctx, actor.id, { fields, removePhoto: false });
}

await db.insertInto('app_keys').values({ name: MARKER, value: new Date().toISOString() }).execute();
await database.destroy();
console.log(`Demo data added: ${CHILDREN} children and staff accounts ${staff.map((s) => `${s.email} (${s.role})`).join(', ')} — password "${DEMO_PASSWORD}".`);

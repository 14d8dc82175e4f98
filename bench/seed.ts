import SQLite from 'better-sqlite3';
import { COURSE_TERMS, COURSE_TYPES, EDUCATION_TERMS, GRADES, MEDICAL_CONDITIONS } from '@app/shared/constants';
import { gradeForPercent } from '@app/shared/grade-bands';
import { dataKey } from '../apps/server/src/lib/data-key.ts';
import { FieldCipher, useFieldCipher } from '../apps/server/src/lib/field-cipher.ts';
import { FIELDS_KEY_ROW } from '../apps/server/src/modules/orphans/child-fields-seal.ts';
import { sealChildColumns } from '../apps/server/src/modules/orphans/orphan-sealing.ts';
import { searchTextsOf } from '../apps/server/src/modules/orphans/orphan-search-text.ts';
import { FEMALE_DARI, FEMALE_LATIN, LAST_NAMES_DARI, LAST_NAMES_LATIN, MALE_DARI, MALE_LATIN } from '../apps/server/src/db/demo/afghan-names.ts';

/** A small deterministic generator, so every run seeds the same children. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const pad = (n: number) => String(n).padStart(2, '0');

export function randomChild(r: () => number) {
  const dari = r() < 0.5;
  const female = r() < 0.5;
  const firstName = pick(r, dari ? (female ? FEMALE_DARI : MALE_DARI) : female ? FEMALE_LATIN : MALE_LATIN);
  const lastName = pick(r, dari ? LAST_NAMES_DARI : LAST_NAMES_LATIN);
  const father = pick(r, dari ? MALE_DARI : MALE_LATIN);
  const grandfather = pick(r, dari ? MALE_DARI : MALE_LATIN);
  const year = 2006 + Math.floor(r() * 14);
  const dob = `${year}-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}`;
  // Admitted after birth (the API refuses an admission before it).
  const admission = `${Math.max(2015, year + 1) + Math.floor(r() * (2026 - Math.max(2015, year + 1)))}-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}`;
  return {
    first_name: firstName,
    last_name: lastName,
    father_name: father,
    grandfather_name: grandfather,
    dob,
    gender: female ? 'female' : 'male',
    class_grade: pick(r, GRADES),
    admission_date: admission,
    status: r() < 0.9 ? 'active' : pick(r, ['inactive', 'graduated']),
    medical_condition: pick(r, MEDICAL_CONDITIONS),
  };
}

/** How many sites the children are spread over: the two Kabul homes, the provincial home and the college. */
export const SITES = 4;

/** The sites' ids, the first made by the migrations: the child with id `i` belongs to the site `(i - 1) % SITES`. */
export function seedSites(sqlitePath: string): number[] {
  const db = new SQLite(sqlitePath);
  const now = new Date().toISOString();
  const insert = db.prepare(`insert into sites (name, kind, province, active, created_at, updated_at) values (?, ?, ?, 1, ?, ?)`);
  for (const [name, kind, province] of [['Kabul Home 2', 'orphanage', 'Kabul'], ['Provincial Home', 'orphanage', 'Balkh'], ['College', 'school', 'Kabul']]) insert.run(name, kind, province, now, now);
  const ids = (db.prepare('select id from sites order by id').all() as Array<{ id: number }>).map((s) => s.id);
  db.close();
  return ids;
}

/** A random child of the `n` seeded, of the site at `siteIndex` (of `seedSites`' list), or of any. */
export function childOf(r: () => number, n: number, siteIndex: number | null): number {
  if (siteIndex === null) return 1 + Math.floor(r() * n);
  return 1 + siteIndex + SITES * Math.floor(r() * Math.floor(n / SITES));
}

/**
 * Bulk-insert `count` children straight into the SQLite file (one prepared statement, big
 * transactions), spread over the sites, with ids 1 to `count`. Stored as the server stores them:
 * sealed with `key` (the DATA_KEY the bench starts the server with, as hex) by the orphans
 * module's own sealing, with their tokens, and the key recorded as the one every child is sealed
 * with, so the server's first start finds nothing to seal.
 */
export function seedChildren(sqlitePath: string, count: number, siteIds: number[], key: string): void {
  const keyBytes = Buffer.from(key, 'hex');
  useFieldCipher(new FieldCipher(keyBytes));
  const db = new SQLite(sqlitePath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const r = rng(42);
  const now = new Date().toISOString();
  const insert = db.prepare(`insert into orphans (id, first_name, last_name, father_name, grandfather_name, school_id_number, identity_card_number,
      dob, birthday, gender, class_grade, admission_date, status, medical_condition, medical_token, total_income_cents, total_expenses_cents,
      search_text, search_family, search_identity, site_id, created_at, updated_at)
    values (@id, @first_name, @last_name, @father_name, @grandfather_name, @school_id_number, @identity_card_number,
      @dob, @birthday, @gender, @class_grade, @admission_date, @status, @medical_condition, @medical_token, @total_income_cents, @total_expenses_cents,
      @search_text, @search_family, @search_identity, @site_id, @now, @now)`);
  const batch = db.transaction((n: number, offset: number) => {
    for (let i = 0; i < n; i++) {
      const c = randomChild(r);
      const id = offset + i + 1;
      const row = {
        ...c,
        school_id_number: `SCH-${100000 + offset + i}`,
        identity_card_number: `${1390 + Math.floor(r() * 14)}-${Math.floor(r() * 1e8)}`,
        birthday: c.dob.slice(5),
        total_income_cents: Math.floor(r() * 500000),
        total_expenses_cents: Math.floor(r() * 400000),
        site_id: siteIds[(offset + i) % SITES]!,
        now,
      };
      insert.run({ ...sealChildColumns(id, { ...row, medical_token: null }), ...searchTextsOf(row), id });
    }
  });
  const chunk = 10_000;
  for (let done = 0; done < count; done += chunk) batch(Math.min(chunk, count - done), done);
  db.prepare(`insert into app_keys (name, value) values (?, ?) on conflict (name) do update set value = excluded.value`).run(FIELDS_KEY_ROW, dataKey(keyBytes).id.toString('hex'));
  db.close();
}

/** The twelve months up to last month, the overview's attendance chart: the months every child has a record of. */
export const SEED_MONTHS = Array.from({ length: 12 }, (_, i) => {
  const d = new Date();
  const m = new Date(d.getFullYear(), d.getMonth() - 1 - i, 1);
  return { year: m.getFullYear(), month: m.getMonth() + 1 };
});
const RESULTS_PER_CHILD = 20;
const DAY_MS = 86_400_000;

/**
 * A school year for each of the first `children` children, around today as the overview reads
 * it: a record for each of the twelve months up to last month, and twenty results (the three
 * types) dated over the three years up to today and the month to come, straight into the file
 * in large transactions.
 */
export function seedAcademics(sqlitePath: string, children: number): void {
  const db = new SQLite(sqlitePath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const r = rng(99);
  const now = new Date().toISOString();
  const today = Date.now();
  const month = db.prepare(`insert into attendances (orphan_id, month, year, present_days, absent_days, late_days, excused_days, absence_reasons, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const result = db.prepare(`insert into results (orphan_id, result_type, subject, term, exam_date, year, grade, total, average, score,
      ethics_score, uniform_score, relationship_score, course_type, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const chunk = db.transaction((from: number, to: number) => {
    for (let id = from; id <= to; id++) {
      for (const m of SEED_MONTHS) {
        const absent = r() < 0.3 ? 1 + Math.floor(r() * 3) : 0;
        const late = r() < 0.2 ? 1 : 0;
        month.run(id, m.month, m.year, 18 + Math.floor(r() * 4), absent, late, r() < 0.1 ? 1 : 0, absent + late ? 'Illness' : null, now, now);
      }
      for (let k = 0; k < RESULTS_PER_CHILD; k++) {
        const date = new Date(today + (30 - Math.floor(r() * (3 * 365 + 30))) * DAY_MS).toISOString().slice(0, 10);
        const year = Number(date.slice(0, 4));
        const score = 30 + Math.floor(r() * 70);
        const type = k % 10 < 6 ? 'education' : k % 10 < 8 ? 'discipline' : 'course';
        if (type === 'education') result.run(id, type, pick(r, ['Mathematics', 'Dari', 'Science', 'English']), pick(r, EDUCATION_TERMS), date, year, gradeForPercent(score), 100, score, score, null, null, null, null, now, now);
        else if (type === 'discipline') result.run(id, type, 'Conduct', null, date, year, gradeForPercent(score), null, null, score, 8, 9, 7, null, now, now);
        else result.run(id, type, 'Course', pick(r, COURSE_TERMS), date, year, gradeForPercent(score), 100, null, score, null, null, null, pick(r, COURSE_TYPES), now, now);
      }
    }
  });
  for (let from = 1; from <= children; from += 5000) chunk(from, Math.min(children, from + 4999));
  db.exec('analyze');
  db.close();
}

import SQLite from 'better-sqlite3';
import { GRADES, MEDICAL_CONDITIONS } from '@app/shared/constants';
import { searchTextOf } from '../apps/server/src/modules/orphans/orphan-search-text.ts';
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

/** Bulk-insert `count` children straight into the SQLite file (one prepared statement, big transactions). */
export function seedChildren(sqlitePath: string, count: number): void {
  const db = new SQLite(sqlitePath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const r = rng(42);
  const now = new Date().toISOString();
  const insert = db.prepare(`insert into orphans (first_name, last_name, father_name, grandfather_name, school_id_number, identity_card_number,
      dob, birthday, gender, class_grade, admission_date, status, medical_condition, total_income_cents, total_expenses_cents,
      search_text, created_at, updated_at)
    values (@first_name, @last_name, @father_name, @grandfather_name, @school_id_number, @identity_card_number,
      @dob, @birthday, @gender, @class_grade, @admission_date, @status, @medical_condition, @income, @expenses,
      @search_text, @now, @now)`);
  const batch = db.transaction((n: number, offset: number) => {
    for (let i = 0; i < n; i++) {
      const c = randomChild(r);
      const row = {
        ...c,
        school_id_number: `SCH-${100000 + offset + i}`,
        identity_card_number: `${1390 + Math.floor(r() * 14)}-${Math.floor(r() * 1e8)}`,
        birthday: c.dob.slice(5),
        income: Math.floor(r() * 500000),
        expenses: Math.floor(r() * 400000),
        now,
      };
      insert.run({ ...row, search_text: searchTextOf(row) });
    }
  });
  const chunk = 10_000;
  for (let done = 0; done < count; done += chunk) batch(Math.min(chunk, count - done), done);
  db.prepare(`update counters set value = (select count(*) from orphans where deleted_at is null) where name = 'orphans'`).run();
  db.prepare(`insert into counters (name, value) select 'orphans:' || gender || ':' || coalesce(class_grade, ''), count(*) from orphans where deleted_at is null group by gender, class_grade
    on conflict (name) do update set value = excluded.value`).run();
  db.close();
}

import { mkdtempSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../apps/server/src/config.ts';
import { prepareDatabase } from '../apps/server/src/db/bootstrap.ts';
import { seedChildren, randomChild, rng } from './seed.ts';
import { searchTextOf } from '../apps/server/src/modules/orphans/orphans.service.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ins-'));
const base = path.join(dir, 'base.db');
const { database } = await prepareDatabase(loadConfig({ DATABASE_URL: base, STORAGE_DIR: path.join(dir, 's'), NODE_ENV: 'production' }, { adminEmail: 'a@b.org', adminPassword: 'x-password-1' }));
await database.destroy();
seedChildren(base, 100_000);
{ const d = new SQLite(base); d.pragma('wal_checkpoint(TRUNCATE)'); d.close(); }
const r = rng(3);
const now = new Date().toISOString();
function trial(label: string, setup: (db: SQLite.Database) => void, batch = 3, n = 3000) {
  const file = path.join(dir, `t-${label.replace(/\W/g, '')}.db`);
  copyFileSync(base, file);
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); db.pragma('mmap_size = 268435456'); db.pragma('cache_size = -32768'); db.pragma('wal_autocheckpoint = 0');
  setup(db);
  const insert = db.prepare(`insert into orphans (first_name, last_name, father_name, grandfather_name, dob, birthday, gender, class_grade, admission_date, status, medical_condition, search_text, created_at, updated_at)
   values (@first_name, @last_name, @father_name, @grandfather_name, @dob, @birthday, @gender, @class_grade, @admission_date, @status, @medical_condition, @search_text, @now, @now) returning *`);
  const act = db.prepare(`insert into activities (user_id, type, action, subject_type, subject_id, name, created_at) values (null, 'orphan', 'created', 'orphan', ?, 'x', ?)`);
  const rows = Array.from({ length: n }, () => { const c = randomChild(r); return { ...c, birthday: c.dob.slice(5), now, search_text: searchTextOf(c as never) }; });
  let tIns = 0n, tCommit = 0n;
  for (let i = 0; i < n; i += batch) {
    const a = process.hrtime.bigint();
    db.exec('begin immediate');
    for (let j = i; j < i + batch; j++) { const row = insert.get(rows[j]) as { id: number }; act.run(row.id, now); }
    const b = process.hrtime.bigint();
    db.exec('commit');
    tIns += b - a; tCommit += process.hrtime.bigint() - b;
  }
  console.log(`${label.padEnd(30)} insert ${(Number(tIns) / 1000 / n).toFixed(0)} µs, commit ${(Number(tCommit) / 1000 / n).toFixed(0)} µs per row`);
  db.close();
}
const variants: Array<[string, (db: SQLite.Database) => void]> = [
  ['current', () => {}],
  ['no FTS', (db) => db.exec('drop trigger orphans_fts_insert')],
  ['FTS prefix 2 only', (db) => { db.exec(`drop table orphans_fts`); db.exec(`create virtual table orphans_fts using fts5(search_text, content='orphans', content_rowid='id', tokenize='unicode61 remove_diacritics 0', prefix='2')`); db.exec(`insert into orphans_fts(orphans_fts) values('rebuild')`); }],
  ['FTS no prefix', (db) => { db.exec(`drop table orphans_fts`); db.exec(`create virtual table orphans_fts using fts5(search_text, content='orphans', content_rowid='id', tokenize='unicode61 remove_diacritics 0')`); db.exec(`insert into orphans_fts(orphans_fts) values('rebuild')`); }],
  ['no first_name/dob idx', (db) => { db.exec('drop index orphans_first_name_idx'); db.exec('drop index orphans_dob_idx'); }],
  ['no secondary idx', (db) => { for (const ix of ['orphans_name_idx','orphans_first_name_idx','orphans_gender_grade_idx','orphans_grade_idx','orphans_admission_idx','orphans_dob_idx','orphans_birthday_idx']) db.exec(`drop index ${ix}`); }],
  ['current, batch 10', () => {}],
];
for (const [label, setup] of variants) trial(label, setup, label.includes('batch 10') ? 10 : 3);
trial('current again', () => {});

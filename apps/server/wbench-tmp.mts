import SQLite from 'better-sqlite3';
import { copyFileSync, rmSync } from 'node:fs';
import { randomChild, rng } from '/work/main/bench/seed.ts';
import { searchTextOf } from '/work/main/apps/server/src/modules/orphans/orphans.service.ts';
const variant = process.argv[2] ?? 'A';
const file = '/work/scratch-oc/w.db';
for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true });
copyFileSync('/work/scratch-oc/b0.db', file);
const db = new SQLite(file);
db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); db.pragma('foreign_keys = ON');
db.pragma('mmap_size = 268435456'); db.pragma('cache_size = -32768');
if (variant.includes('M')) db.pragma('temp_store = MEMORY');
const cols = ['first_name','last_name','father_name','grandfather_name','school_id_number','identity_card_number','dob','birthday','gender','blood_group','class_grade','phone_number','family_contact_number','contact_info','address','guardian_name','guardian_contact','guardian_relationship','responsible_person','admission_date','status','medical_condition','total_income_cents','total_expenses_cents','income_source','donor_name','donor_last_name','donor_email','donor_address','notes','profile_hobbies','profile_talents','profile_special_needs','photo_path','photo_thumb_path','search_text','created_by','updated_by','created_at','updated_at','deleted_at'];
const ins = db.prepare(`insert into orphans (${cols.join(',')}) values (${cols.map(() => '?').join(',')})${variant.includes('R') ? '' : ' returning *'}`);
const act = db.prepare(`insert into activities (user_id,type,action,subject_type,subject_id,name,properties,created_at) values (?,?,?,?,?,?,?,?)`);
const sp = db.prepare('savepoint s'), rel = db.prepare('release s');
const r = rng(7);
const rows = Array.from({ length: 20000 }, (_, i) => { const c = randomChild(r); const now = new Date().toISOString(); return { ...c, school_id_number: `X-${i}`, identity_card_number: null, birthday: c.dob.slice(5), search_text: searchTextOf(c as never), created_by: 1, updated_by: 1, created_at: now, updated_at: now }; });
const fd = (await import('node:fs')).openSync(file + '-wal', 'r+');
const { fdatasyncSync } = await import('node:fs');
let k = 0;
function batch(n: number) {
  db.exec('begin immediate');
  for (let j = 0; j < n; j++) {
    const row = rows[k++ % rows.length] as Record<string, unknown>;
    if (!variant.includes('S')) sp.run();
    const vals = cols.map((c) => row[c] ?? null);
    const out = variant.includes('R') ? ins.run(...vals) : ins.all(...vals);
    if (!variant.includes('L')) act.run(1, 'orphan', 'created', 'orphan', 5, 'x y', null, new Date().toISOString());
    if (!variant.includes('S')) rel.run();
  }
  db.exec('commit');
  if (!variant.includes('F')) fdatasyncSync(fd);
}
for (let i = 0; i < 200; i++) batch(10);
const N = 600; const t0 = process.hrtime.bigint(); const c0 = process.cpuUsage();
for (let i = 0; i < N; i++) batch(10);
const us = Number(process.hrtime.bigint() - t0) / 1000 / (N * 10); const cu = process.cpuUsage(c0); const cpu = (cu.user + cu.system) / (N * 10);
console.log(variant, us.toFixed(0), "µs/job wall", cpu.toFixed(0), "cpu", (cu.system/(N*10)).toFixed(0), "sys");

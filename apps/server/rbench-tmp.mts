import SQLite from 'better-sqlite3';
const db = new SQLite('/work/scratch-oc/b.db');
db.pragma('journal_mode = WAL'); db.pragma('mmap_size = 268435456'); db.pragma('cache_size = -32768');
const s = db.prepare('select * from orphans where id = ?'); s.raw(true);
const s2 = db.prepare('select id, first_name from orphans where id = ?'); s2.raw(true);
for (const [name, st] of [['all*', s], ['all2', s2]] as const) {
  for (let i = 0; i < 20000; i++) st.all(1 + (i * 7919) % 100000);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < 100000; i++) st.all(1 + (i * 7919) % 100000);
  console.log(name, (Number(process.hrtime.bigint() - t0) / 1000 / 100000).toFixed(2), 'µs');
}

import SQLite from 'better-sqlite3';
const db = new SQLite(process.argv[2]!);
for (const r of db.prepare(`select type, name, tbl_name, sql from sqlite_master where tbl_name in ('orphans','activities','counters') or type='trigger'`).all() as any[]) console.log(r.type, r.name, '|', (r.sql ?? '').replace(/\s+/g, ' ').slice(0, 160));

/**
 * Issue 12, must-have 6: a working day's peak — 50 signed-in staff at once for 60 s (BENCH_STAFF_SECONDS),
 * each in their own role doing what that role does: managers and caseworkers read lists and
 * records, edit children, upload gallery photos; teachers read classes and enter results; everyone
 * saves their profile now and then. On SQLite and on PostgreSQL (when one answers at
 * TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test), each a server started by
 * `npm start` on a database of the organisation's size (600 children). Printed: requests per
 * second, p50/p99 per kind of call (an upload's time includes its waits when the server said "busy, try again"),
 * errors (the goal is 0), the serving processes' peak RSS.
 * `BENCH_ONLY=staff` runs it (after the main scenarios' seeding).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { buildIfStale, npmStart } from './npm-start.ts';
import { peakRssDuring } from './process-tree.ts';
import { randomChild, rng } from './seed.ts';
import { signIn } from './sign-in.ts';

const NAME = 'staff: 50 signed-in staff mixing reads, writes and uploads';
const STAFF = { Manager: 10, Teacher: 20, Caseworker: 20 } as const;
const CHILDREN = 600;
const SECONDS = Number(process.env.BENCH_STAFF_SECONDS || 60);
const ADMIN = { email: 'staff-bench@example.org', password: 'staff-bench-password-1' };
const PASSWORD = 'staff-password-1';

export function staffWanted(): boolean {
  const only = process.env.BENCH_ONLY?.toLowerCase();
  return !only || NAME.toLowerCase().includes(only);
}

type Role = keyof typeof STAFF;
interface Staff {
  role: Role;
  email: string;
  name: string;
  headers: Record<string, string>;
}
interface Tally {
  ms: number[];
  failed: number;
  /** Answers "busy, try again in a moment" that were tried again. */
  busy: number;
  /** The first few failures, to say what went wrong. */
  samples: string[];
}
type Action = (s: Staff, r: () => number) => Promise<Response>;

async function json(base: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Response> {
  return fetch(`${base}${url}`, { method, headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
}

function actions(base: string, children: number[], photo: Buffer): Record<string, { roles: Role[]; weight: number; run: Action }> {
  const child = (r: () => number) => children[Math.floor(r() * children.length)]!;
  return {
    'read: orphan list page': { roles: ['Manager', 'Teacher', 'Caseworker'], weight: 25, run: (s, r) => json(base, 'GET', `/api/orphans?page=${1 + Math.floor(r() * 10)}&sort=last_name`, s.headers) },
    'read: search': { roles: ['Manager', 'Teacher', 'Caseworker'], weight: 8, run: (s, r) => json(base, 'GET', `/api/orphans?search=${r() < 0.5 ? 'ahmadi' : encodeURIComponent('احمدی')}`, s.headers) },
    'read: a child': { roles: ['Manager', 'Teacher', 'Caseworker'], weight: 20, run: (s, r) => json(base, 'GET', `/api/orphans/${child(r)}`, s.headers) },
    "read: a child's results": { roles: ['Manager', 'Teacher', 'Caseworker'], weight: 8, run: (s, r) => json(base, 'GET', `/api/orphans/${child(r)}/results`, s.headers) },
    'read: attendance list': { roles: ['Manager', 'Teacher'], weight: 6, run: (s, r) => json(base, 'GET', `/api/attendances?page=${1 + Math.floor(r() * 3)}`, s.headers) },
    'read: gallery of a child': { roles: ['Manager', 'Caseworker'], weight: 6, run: (s, r) => json(base, 'GET', `/api/galleries?orphan_id=${child(r)}`, s.headers) },
    'read: overview': { roles: ['Manager', 'Teacher', 'Caseworker'], weight: 5, run: (s) => json(base, 'GET', '/api/dashboard/data', s.headers) },
    'write: edit a child': {
      roles: ['Manager', 'Caseworker'],
      weight: 8,
      run: (s, r) => json(base, 'PUT', `/api/orphans/${child(r)}`, s.headers, { ...randomChild(r), status: 'active', notes: `Visited ${new Date().toISOString()}` }),
    },
    'write: enter a result': {
      roles: ['Manager', 'Teacher'],
      weight: 8,
      run: (s, r) => {
        const total = 100;
        const score = Math.floor(r() * 101);
        return json(base, 'POST', '/api/results', s.headers, { result_type: 'education', orphan_id: child(r), subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-10', year: 2025, total, score, average: score });
      },
    },
    'write: save profile': { roles: ['Manager', 'Teacher', 'Caseworker'], weight: 2, run: (s) => json(base, 'PUT', '/api/profile', s.headers, { name: s.name, email: s.email }) },
    'upload: gallery photo': {
      roles: ['Manager', 'Caseworker'],
      weight: 4,
      run: (s, r) => {
        const form = new FormData();
        for (const [k, v] of Object.entries({ orphan_id: String(child(r)), media_type: 'image', title: 'Class photo', date: '2025-05-10' })) form.append(k, v);
        form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'class.jpg');
        return fetch(`${base}/api/galleries`, { method: 'POST', headers: s.headers, body: form });
      },
    },
  };
}

async function prepare(base: string): Promise<{ staff: Staff[]; children: number[] }> {
  const common = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  const admin = { ...common, Authorization: `Bearer ${await signIn(base, ADMIN.email, ADMIN.password)}` };
  const r = rng(11);
  const children: number[] = [];
  // The children, ten at a time, as staff would have entered them.
  for (let i = 0; i < CHILDREN; i += 10) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, CHILDREN - i) }, () => json(base, 'POST', '/api/orphans', admin, randomChild(r))));
    for (const res of batch) {
      if (res.status !== 201) throw new Error(`child not created: ${res.status} ${await res.text()}`);
      children.push(((await res.json()) as { data: { id: number } }).data.id);
    }
  }
  const staff: Staff[] = [];
  for (const [role, count] of Object.entries(STAFF) as Array<[Role, number]>) {
    for (let i = 0; i < count; i++) {
      const email = `${role.toLowerCase()}${i}@staff.example.org`;
      const name = `${role} ${i}`;
      const res = await json(base, 'POST', '/api/users', admin, { name, email, password: PASSWORD, password_confirmation: PASSWORD, is_email_verified: true, roles: [role] });
      if (res.status !== 201) throw new Error(`user not created: ${res.status} ${await res.text()}`);
      // One sign-in at a time: the server lets one address have two password checks in flight.
      staff.push({ role, email, name, headers: { ...common, Authorization: `Bearer ${await signIn(base, email, PASSWORD)}` } });
    }
  }
  return { staff, children };
}

async function load(base: string, staff: Staff[], children: number[], photo: Buffer): Promise<{ tallies: Map<string, Tally>; seconds: number }> {
  const table = actions(base, children, photo);
  const tallies = new Map<string, Tally>(Object.keys(table).map((k) => [k, { ms: [], failed: 0, busy: 0, samples: [] }]));
  const t0 = performance.now();
  const deadline = t0 + SECONDS * 1000;
  await Promise.all(
    staff.map(async (s, i) => {
      const r = rng(100 + i);
      const mine = Object.entries(table).filter(([, a]) => a.roles.includes(s.role));
      const totalWeight = mine.reduce((n, [, a]) => n + a.weight, 0);
      while (performance.now() < deadline) {
        let pick = r() * totalWeight;
        const [name, action] = mine.find(([, a]) => (pick -= a.weight) < 0) ?? mine[0]!;
        const tally = tallies.get(name)!;
        const started = performance.now();
        try {
          let res = await action.run(s, r);
          // "Busy, try again in a moment" (the upload queue's 429 with Retry-After): a person
          // tries again; counted apart, and an error only if it is still busy after five tries.
          for (let tries = 0; res.status === 429 && res.headers.has('retry-after') && tries < 5; tries++) {
            await res.arrayBuffer();
            tally.busy++;
            await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after')) * 1000));
            res = await action.run(s, r);
          }
          const text = await res.text();
          if (!res.ok) {
            tally.failed++;
            if (tally.samples.length < 3) tally.samples.push(`${res.status} ${text.slice(0, 160)}`);
          }
        } catch (err) {
          tally.failed++;
          if (tally.samples.length < 3) tally.samples.push(String(err));
        }
        tally.ms.push(performance.now() - started);
        // A person reads what came back before the next click: 0–200 ms.
        await new Promise((resolve) => setTimeout(resolve, Math.floor(r() * 200)));
      }
    }),
  );
  return { tallies, seconds: (performance.now() - t0) / 1000 };
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

function print(database: string, result: { tallies: Map<string, Tally>; seconds: number }, peakMb: number | null) {
  const all = [...result.tallies.values()].flatMap((t) => t.ms).sort((a, b) => a - b);
  const failed = [...result.tallies.values()].reduce((n, t) => n + t.failed, 0);
  console.log(`\n${NAME} — ${database}, ${CHILDREN} children, ${SECONDS} s\n`);
  console.log(`${'call'.padEnd(28)}${'requests'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}${'busy, retried'.padStart(15)}`);
  for (const [name, t] of result.tallies) {
    const s = [...t.ms].sort((a, b) => a - b);
    console.log(`${name.padEnd(28)}${String(s.length).padStart(10)}${pct(s, 50).toFixed(0).padStart(9)}${pct(s, 99).toFixed(0).padStart(9)}${String(t.failed).padStart(8)}${String(t.busy).padStart(15)}`);
    for (const sample of t.samples) console.log(`    ${sample}`);
  }
  console.log(
    `all: ${all.length} requests, ${(all.length / result.seconds).toFixed(0)} req/s, p50 ${pct(all, 50).toFixed(0)} ms, p99 ${pct(all, 99).toFixed(0)} ms, ` +
      `errors ${failed} (goal 0): ${failed === 0 ? 'meets' : 'DOES NOT MEET'}; peak RSS of the server processes ${peakMb === null ? '-' : `${Math.round(peakMb)} MB`}`,
  );
}

async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `oc_bench_staff_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    await client.query(`create database ${name}`);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Both databases in turn, each on a server of its own started by `npm start` on `port`. */
export async function runStaffLoad(port: number): Promise<void> {
  const photo = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } }).resize(1200, 900, { kernel: 'nearest' }).jpeg({ quality: 80 }).toBuffer();
  const pgDb = await postgresDatabase();
  const databases: Array<{ label: string; url: (dir: string) => string; drop?: () => Promise<void> }> = [{ label: 'SQLite', url: (dir) => path.join(dir, 'staff.db') }];
  if (pgDb) databases.push({ label: 'PostgreSQL', url: () => pgDb.url, drop: pgDb.drop });
  else console.log(`\n${NAME}: PostgreSQL did not answer; SQLite only`);
  for (const db of databases) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'oc-staff-'));
    const base = `http://127.0.0.1:${port}`;
    buildIfStale(); // so the start below measures a start, not a build
    const server = await npmStart(
      { DATABASE_URL: db.url(dir), STORAGE_DIR: path.join(dir, 'storage'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PASSWORD_CHECKS_PER_MINUTE: '1000' },
      `${base}/api/health`,
    );
    try {
      process.stdout.write(`  running ${NAME} on ${db.label} (${CHILDREN} children and 50 staff first) ...\n`);
      const { staff, children } = await prepare(base);
      const { result, peakMb } = await peakRssDuring(server.pid, () => load(base, staff, children, photo));
      print(db.label, result, peakMb);
    } finally {
      await server.stop();
      await db.drop?.();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

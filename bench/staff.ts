/**
 * A working day's peak: 50 signed-in staff at once (10 managers of every site; 20 teachers and
 * 20 caseworkers, each of one of the four sites, working on that site's children), each doing
 * what their role does — reading lists, records and the overview, editing children,
 * entering results, saving their profile, uploading gallery photos — with a person's pause
 * between clicks: 2–8 s of reading before the next click, 5–20 s of typing or choosing a file before
 * a form is sent. Every call's time is what that person waited; their calls together are the
 * requests a second an office of 50 makes.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { childOf, randomChild, rng, SEED_MONTHS, SITES } from './seed.ts';
import { signIn } from './sign-in.ts';

const STAFF = { Manager: 10, Teacher: 20, Caseworker: 20 } as const;
const PASSWORD = 'staff-password-1';

type Role = keyof typeof STAFF;
interface Staff {
  role: Role;
  email: string;
  name: string;
  headers: Record<string, string>;
  /** The one site they work at (its place in the seeded sites), or null: every site. */
  siteIndex: number | null;
}
export type CallKind = 'read' | 'write' | 'upload';
export interface Tally {
  kind: CallKind;
  ms: number[];
  failed: number;
  /** Answers "busy, try again in a moment" (429 with Retry-After) that were tried again. */
  busy: number;
  /** The first few failures, to say what went wrong. */
  samples: string[];
}
type Action = { kind: CallKind; roles: Role[]; weight: number; run: (s: Staff, r: () => number) => Promise<Response> };

const ALL: Role[] = ['Manager', 'Teacher', 'Caseworker'];

/**
 * A person's pause before a call, in ms: reading what the last click showed before the next one,
 * or filling a form (or choosing a photo) before it is sent. Drawn at random so the 50 never click
 * in step; a server answering faster than people click is then measured at the rate they click.
 */
const READ_PAUSE_MS = [2_000, 8_000] as const;
const FORM_PAUSE_MS = [5_000, 20_000] as const;
const pauseBefore = (kind: CallKind, r: () => number) => {
  const [lo, hi] = kind === 'read' ? READ_PAUSE_MS : FORM_PAUSE_MS;
  return lo + r() * (hi - lo);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function json(base: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Response> {
  return fetch(`${base}${url}`, { method, headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
}

function actions(base: string, children: number, photo: Buffer): Record<string, Action> {
  const page = (r: () => number) => 1 + Math.floor(r() * 10);
  return {
    'orphan list page': { kind: 'read', roles: ALL, weight: 20, run: (s, r) => json(base, 'GET', `/api/orphans?page=${page(r)}&sort=last_name`, s.headers) },
    search: { kind: 'read', roles: ALL, weight: 8, run: (s, r) => json(base, 'GET', `/api/orphans?search=${r() < 0.5 ? 'ahmadi' : encodeURIComponent('احمدی')}`, s.headers) },
    'a child': { kind: 'read', roles: ALL, weight: 16, run: (s, r) => json(base, 'GET', `/api/orphans/${childOf(r, children, s.siteIndex)}`, s.headers) },
    "a child's results": { kind: 'read', roles: ALL, weight: 8, run: (s, r) => json(base, 'GET', `/api/orphans/${childOf(r, children, s.siteIndex)}/results`, s.headers) },
    "a child's attendance": { kind: 'read', roles: ALL, weight: 6, run: (s, r) => json(base, 'GET', `/api/orphans/${childOf(r, children, s.siteIndex)}/attendance-summary`, s.headers) },
    'attendance of a grade, one month': {
      kind: 'read',
      roles: ['Manager', 'Teacher'],
      weight: 6,
      run: (s, r) => {
        const m = SEED_MONTHS[Math.floor(r() * SEED_MONTHS.length)]!;
        return json(base, 'GET', `/api/attendances?class_grade=${1 + Math.floor(r() * 12)}&year=${m.year}&month=${m.month}`, s.headers);
      },
    },
    'gallery of a child': { kind: 'read', roles: ['Manager', 'Caseworker'], weight: 5, run: (s, r) => json(base, 'GET', `/api/galleries?orphan_id=${childOf(r, children, s.siteIndex)}`, s.headers) },
    overview: { kind: 'read', roles: ALL, weight: 4, run: (s) => json(base, 'GET', '/api/dashboard/data', s.headers) },
    'edit a child': {
      kind: 'write',
      roles: ['Manager', 'Caseworker'],
      weight: 8,
      run: (s, r) => json(base, 'PUT', `/api/orphans/${childOf(r, children, s.siteIndex)}`, s.headers, { ...randomChild(r), status: 'active', notes: `Visited ${new Date().toISOString()}` }),
    },
    'enter a result': {
      kind: 'write',
      roles: ['Manager', 'Teacher'],
      weight: 8,
      run: (s, r) => {
        const score = Math.floor(r() * 101);
        // A subject of its own each time: a second result for one assessment is refused (422).
        return json(base, 'POST', '/api/results', s.headers, { result_type: 'education', orphan_id: childOf(r, children, s.siteIndex), subject: `Subject ${Math.floor(r() * 1e9)}`, term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 100, score, average: score });
      },
    },
    'save profile': { kind: 'write', roles: ALL, weight: 2, run: (s) => json(base, 'PUT', '/api/profile', s.headers, { name: s.name, email: s.email }) },
    'upload a gallery photo': {
      kind: 'upload',
      roles: ['Manager', 'Caseworker'],
      weight: 3,
      run: (s, r) => {
        const form = new FormData();
        for (const [k, v] of Object.entries({ orphan_id: String(childOf(r, children, s.siteIndex)), media_type: 'image', title: 'Class photo', date: '2025-05-10' })) form.append(k, v);
        form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'class.jpg');
        return fetch(`${base}/api/galleries`, { method: 'POST', headers: s.headers, body: form });
      },
    },
  };
}

/** A staff account with its role and sites, made by the admin; its headers, signed in. */
export async function createUser(base: string, admin: Record<string, string>, role: Role, email: string, sites: { site_ids?: number[]; all_sites?: boolean }): Promise<Record<string, string>> {
  const res = await json(base, 'POST', '/api/users', admin, { name: email.split('@')[0], email, password: PASSWORD, password_confirmation: PASSWORD, is_email_verified: true, roles: [role], ...sites });
  if (res.status !== 201) throw new Error(`user not created: ${res.status} ${await res.text()}`);
  return { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${await signIn(base, email, PASSWORD)}` };
}

/** The 50 staff accounts, each with its role and sites, signed in. */
async function hire(base: string, admin: Record<string, string>, siteIds: number[]): Promise<Staff[]> {
  const staff: Staff[] = [];
  for (const [role, count] of Object.entries(STAFF) as Array<[Role, number]>) {
    for (let i = 0; i < count; i++) {
      const email = `${role.toLowerCase()}${i}@staff.example.org`;
      const siteIndex = role === 'Manager' ? null : i % SITES;
      const headers = await createUser(base, admin, role, email, siteIndex === null ? { all_sites: true } : { site_ids: [siteIds[siteIndex]!] });
      staff.push({ role, email, name: email.split('@')[0]!, headers, siteIndex });
    }
  }
  return staff;
}

export interface StaffRun {
  tallies: Map<string, Tally>;
  /** From the first person's start to the last one's end, in s: the calls ÷ this is the requests a second. */
  seconds: number;
  /** "How far it goes": each step of the ramp, after the people's load; empty until `runRamp`. */
  ramp: RampStep[];
  /** The ramp with the same staff, `stepSeconds` a step: run after the people's load (and its memory) is measured. */
  runRamp: (stepSeconds: number, limitMs: number) => Promise<RampStep[]>;
}

export interface RampStep {
  /** Requests a second sent (their mix is the people's, uploads apart), whatever the answers. */
  offered: number;
  /** Answered a second: below `offered` once the server falls behind. */
  answered: number;
  readP99: number;
  writeP99: number;
  failed: number;
}

/** The rates the ramp offers, in requests a second, each for its step; it stops past the first whose reads' p99 exceeds the limit. */
const RAMP_RATES = [10, 20, 40, 80, 160, 320];

/**
 * Requests sent at a rate, not by people waiting for answers (open loop): the same staff and mix,
 * each sent at a random moment around the rate's pace, without waiting for the one before. Where
 * the reads' p99 passes `limitMs` is how far the server goes on this machine; no budget holds it.
 */
async function ramp(staff: Staff[], table: Record<string, Action>, stepSeconds: number, limitMs: number): Promise<RampStep[]> {
  const r = rng(7_000);
  const steps: RampStep[] = [];
  for (const rate of RAMP_RATES) {
    const ms: Record<'read' | 'write', number[]> = { read: [], write: [] };
    let failed = 0;
    const inFlight: Array<Promise<void>> = [];
    const started = performance.now();
    const end = started + stepSeconds * 1000;
    let sent = 0;
    for (let at = started; at < end; at += -Math.log(1 - r()) * (1000 / rate)) {
      const wait = at - performance.now();
      if (wait > 1) await sleep(wait);
      const s = staff[Math.floor(r() * staff.length)]!;
      const mine = Object.values(table).filter((a) => a.kind !== 'upload' && a.roles.includes(s.role));
      let pick = r() * mine.reduce((n, a) => n + a.weight, 0);
      const action = mine.find((a) => (pick -= a.weight) < 0) ?? mine[0]!;
      const asked = performance.now();
      sent++;
      inFlight.push(
        action
          .run(s, r)
          .then(async (res) => {
            await res.arrayBuffer();
            if (!res.ok) failed++;
          })
          .catch(() => void failed++)
          .finally(() => ms[action.kind as 'read' | 'write'].push(performance.now() - asked)),
      );
    }
    await Promise.all(inFlight);
    const seconds = (performance.now() - started) / 1000;
    const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.99 * xs.length))] ?? NaN;
    const step = { offered: sent / stepSeconds, answered: sent / seconds, readP99: p99(ms.read), writeP99: p99(ms.write), failed };
    steps.push(step);
    if (step.readP99 > limitMs) break;
  }
  return steps;
}

/** The load for `seconds`; each kind of call's waits, failures and retries. */
export async function staffLoad(base: string, admin: Record<string, string>, children: number, siteIds: number[], seconds: number): Promise<StaffRun> {
  const photo = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } }).resize(1200, 900, { kernel: 'nearest' }).jpeg({ quality: 80 }).toBuffer();
  const staff = await hire(base, admin, siteIds);
  const table = actions(base, children, photo);
  const tallies = new Map<string, Tally>(Object.entries(table).map(([name, a]) => [name, { kind: a.kind, ms: [], failed: 0, busy: 0, samples: [] }]));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    staff.map(async (s, i) => {
      const r = rng(100 + i);
      const mine = Object.entries(table).filter(([, a]) => a.roles.includes(s.role));
      const totalWeight = mine.reduce((n, [, a]) => n + a.weight, 0);
      // Every pause, the first too, is drawn at random: the 50 do not start or click in step.
      while (performance.now() < deadline) {
        let pick = r() * totalWeight;
        const [name, action] = mine.find(([, a]) => (pick -= a.weight) < 0) ?? mine[0]!;
        const tally = tallies.get(name)!;
        await sleep(pauseBefore(action.kind, r));
        if (performance.now() >= deadline) break;
        const asked = performance.now();
        try {
          let res = await action.run(s, r);
          // A person told "busy, try again in a moment" tries again; an error only after five tries.
          for (let tries = 0; res.status === 429 && res.headers.has('retry-after') && tries < 5; tries++) {
            await res.arrayBuffer();
            tally.busy++;
            await sleep(Number(res.headers.get('retry-after')) * 1000);
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
        tally.ms.push(performance.now() - asked);
      }
    }),
  );
  return { tallies, seconds: (performance.now() - started) / 1000, ramp: [], runRamp: (stepSeconds, limitMs) => ramp(staff, table, stepSeconds, limitMs) };
}

/**
 * One change this phone could not send yet, and the rules of its life in the outbox: pure, so
 * what is sent next and what an answer does to a change are unit-tested without a browser.
 */

export type OutboxKind = 'attendance-month' | 'attendance' | 'result';

/** What the teacher reads in the list: the kind, whose (a child or a class), which month or assessment. */
export interface OutboxLabel {
  kind: OutboxKind;
  subject: string;
  period: string;
}

/** The server's record as it is now, who saved it last and when (lib/stale-copy.ts on the server). */
export interface ServerCurrent {
  data: Record<string, unknown> & { id: number; updated_at: string };
  updated_by: { id: number; name: string } | null;
  updated_at: string;
}

export type OutboxState = 'waiting' | 'rejected' | 'conflict';

export interface OutboxChange {
  /** Made once when the change is queued; sent as its Idempotency-Key on every try. */
  key: string;
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown>;
  /** The record's `updated_at` the change was based on (null: a new record). */
  baseVersion: string | null;
  label: OutboxLabel;
  createdAt: string;
  state: OutboxState;
  /** The server's message for a refused change (rejected, conflict). */
  message?: string;
  errors?: Record<string, string[]>;
  current?: ServerCurrent;
}

export type NewChange = Pick<OutboxChange, 'method' | 'path' | 'body' | 'baseVersion' | 'label'>;

export function newChange(change: NewChange, key: string = crypto.randomUUID(), now = new Date()): OutboxChange {
  return { ...change, key, createdAt: now.toISOString(), state: 'waiting' };
}

/**
 * The changes a sync round sends, in the order they were made. A change waiting behind a refused
 * one for the same record stays back: sent first, it would be overwritten by the older one's fix.
 */
export function sendable(changes: readonly OutboxChange[]): OutboxChange[] {
  const held = new Set<string>();
  const out: OutboxChange[] = [];
  for (const c of changes) {
    const record = recordOf(c);
    if (c.state !== 'waiting') held.add(record);
    else if (!held.has(record)) out.push(c);
  }
  return out;
}

/** Which record a change writes: an update's address, or a create's child with its month or assessment. */
export function recordOf(c: Pick<OutboxChange, 'method' | 'path' | 'body'>): string {
  if (c.method === 'PUT') return c.path;
  const b = c.body;
  if (c.path === '/attendances/batch') return `attendance:${String(b.year)}-${String(b.month)}:batch`;
  if (c.path === '/attendances') return `attendance:${String(b.orphan_id)}:${String(b.year)}-${String(b.month)}`;
  return `${c.path}:${String(b.orphan_id)}:${[b.result_type, b.subject, b.term, b.exam_date].map(String).join('|')}`;
}

/** What an answer to a sent change means for it. */
export type SendOutcome =
  | { kind: 'sent' }
  /** No answer, a server failing or busy: the round stops, the change waits for the next one. */
  | { kind: 'retry-later' }
  | { kind: 'rejected'; message: string; errors?: Record<string, string[]> }
  | { kind: 'conflict'; message: string; current: ServerCurrent }
  /** The session ended: the round stops; the change stays for the next sign-in. */
  | { kind: 'signed-out' };

/** The fields a change and the server's record disagree on (what the Conflicts list shows). */
export function differingFields(body: Record<string, unknown>, current: ServerCurrent['data']): string[] {
  return Object.keys(body).filter((field) => field !== 'updated_at' && field !== 'orphan_id' && field in current && !sameValue(body[field], current[field]));
}

const sameValue = (a: unknown, b: unknown) => (a ?? '') === (b ?? '') || (a != null && b != null && String(a) === String(b));

/**
 * The change after the server's answer: undefined once it arrived (it leaves the outbox). A
 * conflict whose server record already holds exactly this change — its earlier answer was lost —
 * counts as arrived.
 */
export function afterAnswer(change: OutboxChange, outcome: SendOutcome): OutboxChange | undefined {
  switch (outcome.kind) {
    case 'sent':
      return undefined;
    case 'rejected':
      return { ...change, state: 'rejected', message: outcome.message, errors: outcome.errors, current: undefined };
    case 'conflict':
      if (differingFields(change.body, outcome.current.data).length === 0) return undefined;
      return { ...change, state: 'conflict', message: outcome.message, errors: undefined, current: outcome.current };
    default:
      return change;
  }
}

/**
 * "Keep mine" (or edited, then sent): the change is sent again over the server's current version —
 * an update of the record now there, with a new key, since it is a new request.
 */
export function keepMine(change: OutboxChange, edited: Record<string, unknown> = {}, key: string = crypto.randomUUID()): OutboxChange {
  const body = { ...change.body, ...edited };
  const current = change.current;
  if (!current) return { ...change, key, body, state: 'waiting', message: undefined, errors: undefined };
  const base = change.method === 'PUT' ? change.path.replace(/\/[^/]+$/, '') : change.path;
  return {
    ...change,
    key,
    method: 'PUT',
    path: `${base}/${current.data.id}`,
    body: { ...body, updated_at: current.updated_at },
    baseVersion: current.updated_at,
    state: 'waiting',
    message: undefined,
    errors: undefined,
    current: undefined,
  };
}

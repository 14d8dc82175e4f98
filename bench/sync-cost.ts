import { randomUUID } from 'node:crypto';

/**
 * What sending a phone's outbox costs against the same records sent online at once: `count`
 * children's month of attendance sent one request after another, each with its own
 * Idempotency-Key, as the outbox sends them (each waits for the answer before the next), then the
 * same month of as many other children as one Take Attendance batch. The month is the current one,
 * which the seed leaves empty (and every child was admitted by), so every record is new on both sides.
 */
export interface SyncCost {
  count: number;
  oneByOneMs: number;
  batchMs: number;
  failed: number;
  sample?: string;
}

const row = (orphan_id: number) => ({ orphan_id, present_days: 1, absent_days: 0, late_days: 0, excused_days: 0 });

/** `queued` are sent one by one, `batched` as one batch: two sets of children, equally many. */
export async function syncCost(base: string, headers: Record<string, string>, queued: number[], batched: number[]): Promise<SyncCost> {
  const now = new Date();
  const [month, year] = [now.getMonth() + 1, now.getFullYear()];
  const json = { ...headers, 'Content-Type': 'application/json' };
  let failed = 0;
  let sample: string | undefined;
  const t0 = performance.now();
  for (const orphan_id of queued) {
    const res = await fetch(`${base}/api/attendances`, { method: 'POST', headers: { ...json, 'Idempotency-Key': randomUUID() }, body: JSON.stringify({ ...row(orphan_id), month, year }) });
    if (res.status !== 201) {
      failed++;
      sample ??= `${res.status} ${await res.text()}`;
    } else await res.arrayBuffer();
  }
  const oneByOneMs = performance.now() - t0;
  const t1 = performance.now();
  const batch = await fetch(`${base}/api/attendances/batch`, { method: 'POST', headers: json, body: JSON.stringify({ month, year, rows: batched.map(row) }) });
  const answer = await batch.text();
  const batchMs = performance.now() - t1;
  if (!batch.ok) {
    failed++;
    sample ??= `${batch.status} ${answer.slice(0, 300)}`;
  }
  return { count: queued.length, oneByOneMs, batchMs, failed, sample };
}

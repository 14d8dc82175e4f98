import type { OrphanListItem } from '@app/shared/schemas/orphan.schema';
import type { Result, ResultListResponse } from '@app/shared/schemas/result.schema';
import { api } from '../api-client.ts';
import { getClassChildren } from '../class-children-query.ts';
import { getClassMonth } from '../../features/attendance/api/get-class-month.ts';
import { monthKey, readKeptClasses, storeKeptClass, type KeptClass, type KeptClassData } from './kept-classes.ts';

/** A photo thumbnail larger than this is not kept (the child's name still is). */
const MAX_THUMB_BYTES = 64 * 1024;

/** The thumbnail as a data URL the phone can show offline, or null. */
async function thumbnail(url: string | null): Promise<string | null> {
  if (!url) return null;
  try {
    const answer = await fetch(url, { credentials: 'same-origin' });
    const blob = await answer.blob();
    if (!answer.ok || !blob.type.startsWith('image/') || blob.size > MAX_THUMB_BYTES) return null;
    return await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(blob);
    });
  } catch {
    return null;
  }
}

/** This month and the one before: what a teacher takes or corrects attendance for. */
function keptMonths(now: Date): { month: number; year: number }[] {
  const month = now.getMonth() + 1;
  const year = now.getFullYear();
  return [{ month, year }, month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year }];
}

/** This year's results of the class's children (the results list narrowed to the site, then to the class). */
async function classResults(c: KeptClass, children: OrphanListItem[], year: number): Promise<Result[]> {
  const ids = new Set(children.map((child) => child.id));
  const answer = await api.get<ResultListResponse>('/results', { params: { site_id: c.site, year } });
  return answer.data.filter((result) => ids.has(result.orphan_id));
}

/** Fetch one kept class again and seal it; throws when the server cannot give it. */
export async function refreshKeptClass(c: KeptClass, now = new Date()): Promise<void> {
  const listed = await getClassChildren(c.grade, c.site);
  // Kept to what the class screens need: not the grandfather's name; the photo as a small picture.
  const children = await Promise.all(listed.map(async ({ grandfather_name: _unused, ...child }) => ({ ...child, photo_thumb_url: await thumbnail(child.photo_thumb_url) })));
  const attendance: KeptClassData['attendance'] = {};
  for (const { month, year } of keptMonths(now)) attendance[monthKey(month, year)] = await getClassMonth(c.grade, c.site, month, year);
  const results = await classResults(c, children, now.getFullYear());
  await storeKeptClass(c, { refreshed_at: now.toISOString(), children, attendance, results });
}

let running: Promise<void> | null = null;

/** Refresh every kept class, one after another (one refresh at a time); a class that fails keeps what it had. */
export function refreshKeptClasses(): Promise<void> {
  running ??= (async () => {
    try {
      for (const c of await readKeptClasses()) await refreshKeptClass(c).catch(() => undefined);
    } finally {
      running = null;
    }
  })();
  return running;
}

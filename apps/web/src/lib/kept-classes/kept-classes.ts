import type { Attendance } from '@app/shared/schemas/attendance.schema';
import type { OrphanListItem } from '@app/shared/schemas/orphan.schema';
import type { Result } from '@app/shared/schemas/result.schema';
import { isApiError } from '../api-client.ts';
import { dropSealed, keepSealed, localStoreSnapshot, readSealed } from '../local-store/local-store.ts';

/**
 * The classes a teacher keeps on this phone for working offline, and what is kept of each, sealed
 * in the local store (lib/local-store): the class's active children as the server lets this user
 * see them (names, father's name only when the user may view family, grade, a small photo), its
 * attendance of this month and the last, and this year's results of its children. Never more than
 * the classes chosen. When the server cannot be reached, the class screens read them from here.
 */

/** A class: its grade, of a site (`site_id`), or '' for a user of one site (as the class screens say it). */
export interface KeptClass {
  site: string;
  grade: string;
}

export interface KeptClassData {
  refreshed_at: string;
  children: OrphanListItem[];
  /** Each kept month's records, by `${year}-${month}`. */
  attendance: Record<string, Attendance[]>;
  results: Result[];
}

const LIST = 'kept-classes';
const dataName = (c: KeptClass) => `kept-class:${c.site}:${c.grade}`;
export const monthKey = (month: number, year: number) => `${year}-${month}`;
export const sameClass = (a: KeptClass, b: KeptClass) => a.site === b.site && a.grade === b.grade;

let version = 0;
const listeners = new Set<() => void>();
/** Something kept changed (a class kept, let go, refreshed): screens read again. */
function changed() {
  version++;
  listeners.forEach((l) => l());
}
export function subscribeKeptClasses(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const keptClassesVersion = () => version;

/** The classes kept, in the order chosen; none while the store is locked. */
export async function readKeptClasses(): Promise<KeptClass[]> {
  if (!localStoreSnapshot().unlocked) return [];
  return (await readSealed<KeptClass[]>(LIST)) ?? [];
}

export async function keepClass(c: KeptClass): Promise<void> {
  const kept = await readKeptClasses();
  if (!kept.some((k) => sameClass(k, c))) await keepSealed(LIST, [...kept, { site: c.site, grade: c.grade }]);
  changed();
}

export async function letClassGo(c: KeptClass): Promise<void> {
  await keepSealed(
    LIST,
    (await readKeptClasses()).filter((k) => !sameClass(k, c)),
  );
  await dropSealed(dataName(c));
  changed();
}

export async function readKeptClass(c: KeptClass): Promise<KeptClassData | undefined> {
  if (!localStoreSnapshot().unlocked) return undefined;
  return readSealed<KeptClassData>(dataName(c));
}

export async function storeKeptClass(c: KeptClass, data: KeptClassData): Promise<void> {
  // A class let go while its refresh was on the way stays let go.
  if (!(await readKeptClasses()).some((k) => sameClass(k, c))) return;
  await keepSealed(dataName(c), data);
  changed();
}

/**
 * The server could not be reached: no answer at all, or a proxy's "bad gateway" or "timed out".
 * A refusal (4xx) or the server's own failure is the server speaking, and is shown as it is.
 */
export const unreachable = (err: unknown) => isApiError(err) && ((err.status === 0 && err.reason === 'network') || err.status === 502 || err.status === 504);

/** When the server cannot be reached: what `pick` reads of the class as kept here; otherwise the failure itself. */
export async function keptWhenUnreachable<T>(err: unknown, c: KeptClass, pick: (data: KeptClassData) => T | undefined): Promise<T> {
  if (!unreachable(err)) throw err;
  const data = await readKeptClass(c).catch(() => undefined);
  const picked = data ? pick(data) : undefined;
  if (picked === undefined) throw err;
  return picked;
}

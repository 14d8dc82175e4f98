import { MONTH_NAMES } from '@app/shared/schemas/attendance.schema';
import type { ActivityPeriod } from '@app/shared/schemas/activity.schema';

/**
 * The month an attendance entry is about, as data: each screen writes it in its reader's language
 * and calendar ("March 2025", "Hut 1403 – Hamal 1404", حوت ۱۴۰۳ – حمل ۱۴۰۴), so the log keeps the
 * month and year, never a sentence. Entries written before that kept an English sentence in their
 * name ("Amina Rahimi: March 2025", "March 2025: 17 children"): they are read back into the same
 * parts, so every entry reads alike whenever it was written.
 */

export interface EntryMonth {
  /** The record's name without the month: the child's name, '' for a class's month. */
  name: string;
  period: ActivityPeriod | null;
  /** How many children a class's month covered; null for one child's. */
  child_count: number | null;
}

const MONTHS = MONTH_NAMES.join('|');
const CHILD_MONTH = new RegExp(`^(.*): (${MONTHS}) (\\d{4})$`);
const CLASS_MONTH = new RegExp(`^(${MONTHS}) (\\d{4}): (\\d+) child(?:ren)?$`);

const monthOf = (name: string, year: string): ActivityPeriod => ({ month: MONTH_NAMES.indexOf(name as (typeof MONTH_NAMES)[number]) + 1, year: Number(year) });

function stored(properties: string | null): Record<string, unknown> {
  if (!properties) return {};
  try {
    const parsed: unknown = JSON.parse(properties);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const isMonth = (month: unknown, year: unknown): boolean => Number.isInteger(month) && Number.isInteger(year) && (month as number) >= 1 && (month as number) <= 12;

/** What an entry says of a month: from its properties, or from an older entry's English name. */
export function entryMonth(entry: { subject_type: string; name: string; properties: string | null }): EntryMonth {
  if (entry.subject_type !== 'attendance') return { name: entry.name, period: null, child_count: null };
  const props = stored(entry.properties);
  const ids = (key: string) => (Array.isArray(props[key]) ? (props[key] as unknown[]).length : 0);
  const batch = Array.isArray(props.created) || Array.isArray(props.updated);
  const legacyClass = CLASS_MONTH.exec(entry.name);
  if (legacyClass) return { name: '', period: monthOf(legacyClass[1]!, legacyClass[2]!), child_count: Number(legacyClass[3]) };
  const legacyChild = CHILD_MONTH.exec(entry.name);
  if (legacyChild) return { name: legacyChild[1]!, period: monthOf(legacyChild[2]!, legacyChild[3]!), child_count: null };
  const period = isMonth(props.month, props.year) ? { month: props.month as number, year: props.year as number } : null;
  return { name: entry.name, period, child_count: batch ? ids('created') + ids('updated') : null };
}

/**
 * A stored timestamp in the reader's language (Dari and Pashto get their own digits and month
 * names). Unparseable input is shown as it came, and empty input as '-'.
 */
export function formatDate(value: string | null | undefined, language: string, withTime = false): string {
  if (!value) return '-';
  // SQLite answers "YYYY-MM-DD HH:MM:SS" (UTC); make it ISO so every browser parses it.
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return new Intl.DateTimeFormat(language, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}

/**
 * Whose record a form's change is, for the outbox's list: the child's name as the stored record
 * carries it (on itself or under `orphan`), else the child's number.
 */
export function childOf(record: unknown, orphanId: unknown): string {
  const r = (record ?? {}) as { first_name?: string; last_name?: string; orphan?: { first_name?: string; last_name?: string } };
  const named = r.first_name ? r : r.orphan;
  return named?.first_name ? `${named.first_name} ${named.last_name ?? ''}`.trim() : `#${String(orphanId)}`;
}

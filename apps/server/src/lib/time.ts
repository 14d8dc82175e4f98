/** Timestamps are stored and sent as ISO 8601 UTC text (docs/design-decisions.md). */
export function nowIso(): string {
  return new Date().toISOString();
}

export function addMinutes(iso: string, minutes: number): string {
  return new Date(Date.parse(iso) + minutes * 60_000).toISOString();
}

/**
 * Now, or a millisecond after `previous` when the clock has not passed it (two saves within one
 * millisecond, or a clock set back): a row's updated_at then changes on every save, so an
 * editor's "as I read it" check always notices a save in between.
 */
export function nowAfter(previous: string): string {
  const now = nowIso();
  const last = Date.parse(previous);
  return Number.isNaN(last) || now > previous ? now : new Date(last + 1).toISOString();
}

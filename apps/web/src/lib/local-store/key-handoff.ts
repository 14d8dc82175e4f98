/**
 * The sign-in page is a page of its own (decision 0038): signing in loads the dashboard in full,
 * and a key held in the sign-in page's memory would die with it, leaving the store locked a moment
 * after the password was typed. The key's bits ride to the next page in `window.name` — memory of
 * the tab, never a file or a storage the site keeps — which that page reads once and clears at
 * once. A handed key older than a minute is dropped unused (the next page was not the dashboard).
 */

const PREFIX = 'orphan-care-key:';
const HANDED_FOR_MS = 60_000;

let held: { userId: number; bits: ArrayBuffer } | null = null;

/** Keep the sign-in's key bits for handing on, should this page be left for the dashboard. */
export function holdForNextPage(userId: number, bits: ArrayBuffer): void {
  held = { userId, bits };
}

export function dropHeldKey(): void {
  held = null;
}

/** Called just before the sign-in page loads the dashboard. */
export function handToNextPage(): void {
  if (!held) return;
  const bytes = new Uint8Array(held.bits);
  window.name = `${PREFIX}${held.userId}:${Date.now()}:${btoa(String.fromCharCode(...bytes))}`;
  held = null;
}

/** What the page before handed on, taken once (and cleared whatever it holds). */
export function takeHandedKey(): { userId: number; bits: Uint8Array<ArrayBuffer> } | null {
  if (typeof window === 'undefined' || !window.name.startsWith(PREFIX)) return null;
  const [userId, at, bits] = window.name.slice(PREFIX.length).split(':');
  window.name = '';
  const age = Date.now() - Number(at);
  if (!bits || !(age >= 0 && age <= HANDED_FOR_MS)) return null;
  try {
    return { userId: Number(userId), bits: Uint8Array.from(atob(bits), (c) => c.charCodeAt(0)) };
  } catch {
    return null;
  }
}

import { useRef } from 'react';

/**
 * The first URL seen for `key`, kept while the key stays the same. Signed URLs change every few
 * minutes (a new expiry window) and the list refetches while a video processes: a playing video
 * whose `src` changed would start over, so the player keeps the URL it was given until the person
 * picks another item or resolution (the old one stays valid for about half an hour).
 */
export function useStableUrl(key: string, url: string | null): string | null {
  const kept = useRef<{ key: string; url: string | null } | null>(null);
  if (kept.current?.key !== key || kept.current.url === null) kept.current = { key, url };
  return kept.current.url;
}

import { useSyncExternalStore } from 'react';
import { SIDEBAR_COLLAPSE_BELOW } from '@app/shared/constants';

const query = `(max-width: ${SIDEBAR_COLLAPSE_BELOW - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/**
 * True on phones (below 768 px, spec section 9's collapse width): the dashboard's sidebar is a
 * drawer there instead of a rail. Follows the window as it turns or is resized.
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

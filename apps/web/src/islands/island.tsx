import { createContext, useContext, useSyncExternalStore, type ComponentType } from 'react';
import type { IslandName } from './island-names.ts';

/**
 * A part of a server-rendered public page that runs in the browser (decision 0038): the header's
 * controls, the contact form, the map button. The server renders each island as a root of its own
 * (so its ids and its hydration match what the browser renders with the same props) and leaves its
 * props beside it in a `type="application/json"` script, the only kind of script the CSP lets a
 * page carry inline; entry-islands.tsx hydrates it. Inside the app (the SPA) an island is simply
 * its component.
 */
export interface IslandCollector {
  /** Keep an island to render apart; answers the id its placeholder carries. */
  add(name: IslandName, component: ComponentType<object>, props: object): number;
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** The placeholder the server replaces with the island's own HTML and props. */
export function islandPlaceholder(id: number): string {
  return `<div class="contents" data-island-id="${id}"></div>`;
}

export function Island<P extends object>({ name, component: Component, props }: { name: IslandName; component: ComponentType<P>; props: P }) {
  const collector = useContext(IslandCollectorContext);
  if (!collector) return <Component {...props} />;
  const id = collector.add(name, Component as ComponentType<object>, props);
  // `contents`: the wrapper adds no box, so the island sits in its parent's layout as if unwrapped.
  return <div className="contents" data-island-id={id} />;
}

const noSubscription = () => () => {};

/**
 * False while the server renders and while the browser hydrates, true after: what only the browser
 * knows (a stored sign-in) is shown once the hydrated HTML matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

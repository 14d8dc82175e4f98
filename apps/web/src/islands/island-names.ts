/** The islands a server-rendered public page can carry (decision 0038). */
export const ISLAND_NAMES = ['header', 'home-actions', 'contact-form', 'office-map', 'login'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

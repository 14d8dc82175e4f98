/** The islands a server-rendered public page can carry (decision 0038). */
export const ISLAND_NAMES = ['header', 'home-actions', 'contact-form', 'office-map', 'login'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/** The namespaces of texts an island's components read, sent with the page in its language. */
export const ISLAND_NAMESPACES: Record<IslandName, readonly string[]> = {
  header: ['common'],
  'home-actions': [],
  'contact-form': ['site'],
  'office-map': ['site'],
  login: ['auth'],
};

/** The islands a server-rendered public page can carry (decision 0038). */
export const ISLAND_NAMES = ['header', 'home-actions', 'contact-form', 'office-map', 'login'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/**
 * The namespaces of i18next texts an island's components read, sent with the page in its language.
 * The header's own texts come as props (decision 0043); `common` is for the signed-in user's menu,
 * which loads i18next with it. The home page's buttons have theirs as props too.
 */
export const ISLAND_NAMESPACES: Record<IslandName, readonly string[]> = {
  header: ['common'],
  'home-actions': [],
  'contact-form': ['site'],
  'office-map': ['site'],
  login: ['auth'],
};

/**
 * The reader's language and theme, kept in cookies beside localStorage (decision 0038) so the
 * server can render a public page in the language and theme the browser will show. Not HttpOnly
 * (the page's script writes them), SameSite=Lax, a year.
 */
export const PREFERENCE_COOKIES = {
  language: 'language',
  theme: 'theme',
} as const;

export const PREFERENCE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

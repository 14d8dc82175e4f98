import type { ReactNode } from 'react';
import { Direction } from 'radix-ui';
import { directionFor } from '../lib/language.ts';
import { ThemeProvider, type Theme } from '../lib/theme-context.tsx';
import { AuthProvider } from '../lib/auth-context.tsx';

/**
 * What every island is rendered inside, on the server and when the browser hydrates it: the same
 * providers with the same values, so the two renders match (decision 0038). `theme` is the theme
 * the server rendered the page in; the browser moves to its own after hydrating, if different.
 * No i18next here: the header and the home page's buttons take their texts as
 * props; an island that still reads i18next (the contact form, the map, the sign-in form, the
 * user menu) brings it with its own chunk (island-registry.ts), set up from the page's texts.
 */
export function IslandProviders({ language, theme, children }: { language: string; theme: Theme; children: ReactNode }) {
  return (
    <Direction.Provider dir={directionFor(language)}>
      <ThemeProvider initial={theme}>
        <AuthProvider>{children}</AuthProvider>
      </ThemeProvider>
    </Direction.Provider>
  );
}

import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Direction } from 'radix-ui';
import { i18n, directionFor } from '../lib/i18n.ts';
import { ThemeProvider, type Theme } from '../lib/theme-context.tsx';
import { AuthProvider } from '../lib/auth-context.tsx';

/**
 * What every island is rendered inside, on the server and when the browser hydrates it: the same
 * providers with the same values, so the two renders match (decision 0038). `theme` is the theme
 * the server rendered the page in; the browser moves to its own after hydrating, if different.
 */
export function IslandProviders({ language, theme, children }: { language: string; theme: Theme; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Direction.Provider dir={directionFor(language)}>
        <ThemeProvider initial={theme}>
          <AuthProvider>{children}</AuthProvider>
        </ThemeProvider>
      </Direction.Provider>
    </I18nextProvider>
  );
}

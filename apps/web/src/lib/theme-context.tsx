import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '@app/shared/constants';
import { PREFERENCE_COOKIES } from '@app/shared/preference-cookies';
import { writePreferenceCookie } from './preference-cookie.ts';

export type Theme = 'light' | 'dark';

interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/** Spec section 4: the stored value wins, otherwise the system preference. */
export function initialTheme(): Theme {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.theme);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // storage unavailable: fall through to the system preference
  }
  if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
    return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  return 'light';
}

export function applyTheme(theme: Theme): void {
  if (typeof document === 'undefined') return;
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

/**
 * `initial`: the theme a server-rendered page was rendered in (decision 0038). Hydration starts
 * from it, so the toggle's label matches the server's HTML; then the browser's own theme (the
 * stored choice, else the system's) takes over if it differs.
 */
export function ThemeProvider({ initial, children }: { initial?: Theme; children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(initial ?? initialTheme);

  useEffect(() => {
    if (!initial) return;
    const own = initialTheme();
    if (own !== initial) setThemeState(own);
  }, [initial]);

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  // Only an explicit choice is saved, so an unset theme keeps following the system.
  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    try {
      localStorage.setItem(STORAGE_KEYS.theme, next);
    } catch {
      // storage unavailable: the choice lasts for this visit only
    }
    // The server renders public pages in this theme (decision 0038).
    writePreferenceCookie(PREFERENCE_COOKIES.theme, next);
  }, []);

  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [setTheme, theme]);

  const value = useMemo(() => ({ theme, setTheme, toggleTheme }), [theme, setTheme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used within a ThemeProvider');
  return value;
}

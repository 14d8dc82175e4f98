import { StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import './index.css';
import { STORAGE_KEYS } from '@app/shared/constants';
import { PREFERENCE_COOKIES } from '@app/shared/preference-cookies';
import { applyTheme, initialTheme } from './lib/theme-context.tsx';
import { ensureCsrfCookie } from './lib/api-client.ts';
import { storedLanguage } from './lib/language.ts';
import { readPreferenceCookie, writePreferenceCookie } from './lib/preference-cookie.ts';
import { renderedPage } from './islands/rendered-page.ts';
import { IslandProviders } from './islands/island-providers.tsx';
import { ISLAND_LOADERS } from './islands/island-registry.ts';
import { ISLAND_NAMES, type IslandName } from './islands/island-names.ts';

/**
 * The browser's part of a server-rendered public page (decision 0038): the page is HTML already;
 * only its islands (the header's controls, the home page's calls to action, the contact form, the
 * map button) are hydrated, each from its own props. No router, no dashboard code, and no i18next
 * or Radix until an island or a control needs them.
 */
const page = renderedPage();
if (!page) throw new Error('Missing page data');

// A choice made before the cookies existed lives only in localStorage: copy it to the cookie the
// server reads, and for the language load the page once more, rendered in it.
const stored = storedLanguage();
if (stored && stored !== page.language && readPreferenceCookie(PREFERENCE_COOKIES.language) !== stored) {
  writePreferenceCookie(PREFERENCE_COOKIES.language, stored);
  window.location.reload();
} else {
  start();
}

function start(): void {
  try {
    const theme = localStorage.getItem(STORAGE_KEYS.theme);
    if ((theme === 'light' || theme === 'dark') && readPreferenceCookie(PREFERENCE_COOKIES.theme) !== theme) writePreferenceCookie(PREFERENCE_COOKIES.theme, theme);
  } catch {
    // storage unavailable: nothing was chosen here before
  }
  // The server rendered the cookie's theme (or light); without a stored choice the system's wins.
  applyTheme(initialTheme());
  // Spec section 7: the CSRF cookie is initialised at application start.
  void ensureCsrfCookie();
  // No i18next to wait for: the header and the home page's buttons have their
  // texts as props; an island that reads i18next brings it (island-registry.ts).
  hydrateIslands();
}

function isIslandName(value: string | undefined): value is IslandName {
  return (ISLAND_NAMES as readonly string[]).includes(value ?? '');
}

/**
 * Calls `done` once the island has hydrated (its effects run after the hydrating commit). When
 * every island has, <html data-hydrated> says so: browser tests wait for it before interacting.
 */
function Hydrated({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

function hydrateIslands(): void {
  const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  const waiting = new Set(elements.map((element) => element.dataset.islandId));
  const hydrated = (id: string) => () => {
    waiting.delete(id);
    if (waiting.size === 0) document.documentElement.dataset.hydrated = 'true';
  };
  if (elements.length === 0) document.documentElement.dataset.hydrated = 'true';
  for (const element of elements) {
    const name = element.dataset.island;
    const id = element.dataset.islandId;
    if (!isIslandName(name) || !id || !page) continue;
    const propsText = document.querySelector(`script[data-island-props="${id}"]`)?.textContent;
    const props = propsText ? (JSON.parse(propsText) as object) : {};
    const { language, theme } = page;
    void ISLAND_LOADERS[name]().then((Component) => {
      hydrateRoot(
        element,
        <StrictMode>
          <IslandProviders language={language} theme={theme}>
            <Hydrated done={hydrated(id)}>
              <Component {...props} />
            </Hydrated>
          </IslandProviders>
        </StrictMode>,
        { identifierPrefix: `i${id}-` },
      );
    });
  }
}

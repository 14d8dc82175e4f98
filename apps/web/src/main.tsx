import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { applyTheme, initialTheme } from './lib/theme-context.tsx';
import { ensureCsrfCookie } from './lib/api-client.ts';
import { i18n, i18nReady } from './lib/i18n.ts';
// The public site's English texts come with the app's entry, so an English first paint waits for
// no download (lib/i18n.ts imports them from here, already loaded).
import './lib/i18n-public-en.ts';
import { App } from './app/app.tsx';
import { preloadFontsFor } from './app/preload-fonts.ts';
import { registerAppUpdates } from './lib/app-update.ts';

// Apply the theme before the first paint (no inline script is allowed by the CSP).
applyTheme(initialTheme());
preloadFontsFor(i18n.language);
// A built app installs its service worker, so it opens again with no connection (vite.config.ts).
if (import.meta.env.PROD) registerAppUpdates();
// Spec section 7: the CSRF cookie is initialised at application start.
void ensureCsrfCookie();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// A Dari or Pashto reader's texts arrive in their own chunk: render once they are there (English: at once).
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

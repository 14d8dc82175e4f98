import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Outlet, Route, Routes, StaticRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Direction } from 'radix-ui';
import { LANGUAGES, type Language } from '@app/shared/i18n/languages';
import type { PageItem, PublishedPageLink } from '@app/shared/schemas/page.schema';
import { i18n, i18nReady, directionFor } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { ThemeProvider, type Theme } from './lib/theme-context.tsx';
import { AuthProvider } from './lib/auth-context.tsx';
import { mergeSiteInfo, siteInfoQueryKey } from './lib/site-info.ts';
import { documentTitle, publicTitleKey } from './lib/page-title.ts';
import { publishedPagesQueryKey } from './lib/legal-links.ts';
import { pageQueryKeys } from './features/pages/api/page-query-keys.ts';
import { PublicShell } from './app/layouts/public-shell.tsx';
import { DASHBOARD_ALIASES } from './app/dashboard-aliases.ts';
import { RTL_FONT_FILES } from './app/preload-fonts.ts';
import { Island, IslandCollectorContext, islandPlaceholder, type IslandCollector } from './islands/island.tsx';
import { IslandProviders } from './islands/island-providers.tsx';
import { ISLAND_NAMESPACES } from './islands/island-names.ts';
import { PAGE_DATA_ID, type RenderedPage } from './islands/rendered-page.ts';
import type { IslandName } from './islands/island-names.ts';
import { HomePage } from './features/public-site/routes/home-page.tsx';
import { AboutPage } from './features/public-site/routes/about-page.tsx';
import { ContactPage } from './features/public-site/routes/contact-page.tsx';
import { ServicesPage } from './features/public-site/routes/services-page.tsx';
import { CollegePage } from './features/public-site/routes/college-page.tsx';
import { UnauthorizedPage } from './features/public-site/routes/unauthorized-page.tsx';
import { NotFoundPage } from './features/public-site/routes/not-found-page.tsx';
import { PublishedPage } from './features/pages/routes/published-page.tsx';
import { LoginIsland } from './features/auth/components/login-island.tsx';

/**
 * The server's half of the public site (decision 0038): apps/server/src/plugins/public-pages.ts
 * imports this module's build (`<web dist>/.ssr/entry-server.js`) and answers a public page with
 * the HTML rendered here from the same components the app shows, the islands left for
 * entry-islands.tsx to hydrate.
 */

/** Which public page a path is, or null when the app (index.html) answers it. */
export type PublicRoute = { page: 'page'; slug: string } | { page: 'fixed' } | { page: 'not-found' };

/** Pages the server renders (sign-in too, as an island); the other auth pages and the dashboard are the app's. */
const FIXED_PAGES = ['/', '/about', '/contact', '/services', '/college', '/unauthorized', '/login'];
const APP_PAGES = ['/register', '/forgot-password', '/reset-password', '/dashboard', ...DASHBOARD_ALIASES.map((alias) => `/${alias}`)];

export function matchPublicRoute(pathname: string): PublicRoute | null {
  // Routes match regardless of case, and with or without a trailing slash, as the app's router does.
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  // A published page outranks the /pages/* alias of the dashboard, as in the app's router.
  const published = /^\/pages\/([^/]+)$/i.exec(pathname.replace(/\/+$/, ''));
  if (published) {
    try {
      return { page: 'page', slug: decodeURIComponent(published[1]!) };
    } catch {
      return { page: 'not-found' };
    }
  }
  if (APP_PAGES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return null;
  if (FIXED_PAGES.includes(path)) return { page: 'fixed' };
  return { page: 'not-found' };
}

export interface PublicPageInput {
  /** The request's path, without the query. */
  path: string;
  language: Language;
  theme: Theme;
  /** GET /api/settings/public's answer. */
  settings: unknown;
  /** GET /api/pages/published's list (the footer's legal links). */
  publishedPages: PublishedPageLink[];
  /** For /pages/:slug: the published page, or null when there is none. */
  page?: PageItem | null;
}

export interface RenderedPublicPage {
  status: number;
  html: string;
}

/** Every language's texts loaded once, so each render switches language without waiting. */
export async function prepare(): Promise<void> {
  await i18nReady;
  await i18n.loadLanguages([...LANGUAGES]);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON inside a <script>: no "</script>" or "<!--" can end or bend it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function PublicRoutes({ path }: { path: string }) {
  return (
    <StaticRouter location={path}>
      <Routes>
        <Route
          path="/"
          element={
            <PublicShell path={path}>
              <Outlet />
            </PublicShell>
          }
        >
          <Route index element={<HomePage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="services" element={<ServicesPage />} />
          <Route path="college" element={<CollegePage />} />
          <Route path="unauthorized" element={<UnauthorizedPage />} />
          <Route path="login" element={<Island name="login" component={LoginIsland} props={{}} />} />
          <Route path="pages/:slug" element={<PublishedPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </StaticRouter>
  );
}

interface KeptIsland {
  name: IslandName;
  component: ComponentType<object>;
  props: object;
}

/**
 * Render a public page into the built template (the client build's public.html). Synchronous
 * from the language switch to the last island: renders of different languages cannot interleave
 * on the one i18next instance the components read.
 */
export function renderPublicPage(template: string, input: PublicPageInput): RenderedPublicPage {
  const { path, language, theme } = input;
  void i18n.changeLanguage(language);
  // Every language is loaded (prepare), so the switch is immediate; a render must never mix two.
  if (i18n.language !== language) throw new Error(`The ${language} texts are not loaded`);

  const route = matchPublicRoute(path);
  const queryClient = createQueryClient();
  queryClient.setQueryData(siteInfoQueryKey, input.settings);
  queryClient.setQueryData(publishedPagesQueryKey, input.publishedPages);
  if (route?.page === 'page') queryClient.setQueryData(pageQueryKeys.published(route.slug), input.page ?? null);

  const islands: KeptIsland[] = [];
  const collector: IslandCollector = {
    add(name, component, props) {
      islands.push({ name, component, props });
      return islands.length;
    },
  };
  const dir = directionFor(language);
  let body = renderToString(
    <IslandCollectorContext.Provider value={collector}>
      <I18nextProvider i18n={i18n}>
        <Direction.Provider dir={dir}>
          <QueryClientProvider client={queryClient}>
            <ThemeProvider initial={theme}>
              <AuthProvider>
                <PublicRoutes path={path} />
              </AuthProvider>
            </ThemeProvider>
          </QueryClientProvider>
        </Direction.Provider>
      </I18nextProvider>
    </IslandCollectorContext.Provider>,
  );

  // Each island is a root of its own, as the browser hydrates it (its ids under its own prefix).
  const namespaces = new Set<string>(['common']);
  islands.forEach(({ name, component: Component, props }, index) => {
    const id = index + 1;
    const html = renderToString(
      <StrictMode>
        <IslandProviders language={language} theme={theme}>
          <Component {...props} />
        </IslandProviders>
      </StrictMode>,
      { identifierPrefix: `i${id}-` },
    );
    ISLAND_NAMESPACES[name].forEach((ns) => namespaces.add(ns));
    // A function, so a "$&" in the page's text is not read as a replacement pattern.
    body = body.replace(
      islandPlaceholder(id),
      () => `<div class="contents" data-island-id="${id}" data-island="${name}">${html}</div>` +
        `<script type="application/json" data-island-props="${id}">${scriptJson(props)}</script>`,
    );
  });

  const texts: RenderedPage['texts'] = {};
  for (const ns of namespaces) texts[ns] = i18n.getResourceBundle(language, ns) as Record<string, unknown>;
  const pageData: RenderedPage = { language, theme, texts };

  const site = mergeSiteInfo(input.settings);
  const published = route?.page === 'page' ? input.page : undefined;
  // A published page is titled by its own title; a missing one is the not-found page.
  const title = documentTitle(published ? published.metaTitle || published.title : i18n.t(publicTitleKey(path) ?? 'pageTitle.notFound'), site.organization_name);
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    published?.metaDescription ? `<meta name="description" content="${escapeHtml(published.metaDescription)}" />` : '',
    // A right-to-left page asks for Vazirmatn with the HTML, not when the text is laid out.
    ...(dir === 'rtl' ? RTL_FONT_FILES.map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin="anonymous" href="${href}" />`) : []),
  ].join('');

  const html = template
    .replace(/<html[^>]*>/, () => `<html lang="${language}" dir="${dir}"${theme === 'dark' ? ' class="dark" style="color-scheme: dark"' : ' style="color-scheme: light"'}>`)
    .replace(/<title>[^<]*<\/title>/, () => head)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div><script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(pageData)}</script>`);

  const missing = route?.page === 'not-found' || (route?.page === 'page' && !input.page);
  return { status: missing ? 404 : 200, html };
}

import { useEffect } from 'react';
import { useSiteInfo } from './site-info.ts';

/**
 * The browser tab's title, one shape for every page and screen: "<page> — <organisation name>",
 * the page's name in the reader's language, the organisation's as System Settings has it. The
 * server-rendered public pages (entry-server.tsx) and the app build it with the same functions.
 */
export function documentTitle(page: string | null | undefined, organisation: string): string {
  return page ? `${page} — ${organisation}` : organisation;
}

/** The public pages' names, in the `common` namespace, by their lower-cased path. */
const PUBLIC_TITLE_KEYS = {
  '/': 'pageTitle.home',
  '/about': 'pageTitle.about',
  '/services': 'pageTitle.services',
  '/college': 'pageTitle.college',
  '/contact': 'pageTitle.contact',
  '/login': 'pageTitle.login',
  '/register': 'pageTitle.register',
  '/forgot-password': 'pageTitle.forgotPassword',
  '/reset-password': 'pageTitle.resetPassword',
  '/unauthorized': 'pageTitle.unauthorized',
} as const;

export type PublicTitleKey = (typeof PUBLIC_TITLE_KEYS)[keyof typeof PUBLIC_TITLE_KEYS] | 'pageTitle.notFound';

/**
 * The `common` key naming a public page, or null for a published content page (/pages/:slug),
 * which is titled by its own title once it has arrived; any other path is the not-found page.
 */
export function publicTitleKey(pathname: string): PublicTitleKey | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  if (/^\/pages\/[^/]+$/.test(path)) return null;
  return (PUBLIC_TITLE_KEYS as Record<string, PublicTitleKey>)[path] ?? 'pageTitle.notFound';
}

/** Keeps `document.title` on this page's name (null: leave it to the page) and the organisation's. */
export function useDocumentTitle(page: string | null): void {
  const { organization_name: organisation } = useSiteInfo();
  useEffect(() => {
    if (page !== null) document.title = documentTitle(page, organisation);
  }, [page, organisation]);
}

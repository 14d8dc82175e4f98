import { useQuery } from '@tanstack/react-query';
import type { PublishedPageLink } from '@app/shared/schemas/page.schema';
import { api } from './api-client.ts';

/**
 * The footer's Privacy Policy, Terms of Service and Cookie Policy links. The spec's originals went
 * nowhere; here the server publishes starter texts on a fresh install (db/seed-content.ts), and a
 * link shows only while its page is published (GET /api/pages/published lists published pages
 * only), so a visitor never meets a dead link after an administrator hides or deletes one.
 */
export interface LegalLink {
  /** Visible label, taken from the page title. */
  label: string;
  to: string;
}

/** Slugs the footer treats as legal pages (seeded, published, by the server). */
export const LEGAL_SLUGS = ['privacy-policy', 'terms-of-service', 'cookie-policy'] as const;

export function legalLinksFrom(pages: readonly PublishedPageLink[]): LegalLink[] {
  return LEGAL_SLUGS.flatMap((slug) => {
    const page = pages.find((p) => p.slug === slug);
    return page ? [{ label: page.title, to: `/pages/${page.slug}` }] : [];
  });
}

export const publishedPagesQueryKey = ['pages', 'published'] as const;

/** GET /pages/published answers `{ data: [{ title, slug }] }`. */
export async function getPublishedPages(): Promise<PublishedPageLink[]> {
  const body = await api.get<{ data: PublishedPageLink[] }>('/pages/published');
  return body.data;
}

export function useLegalLinks(): LegalLink[] {
  const { data } = useQuery({
    queryKey: publishedPagesQueryKey,
    queryFn: getPublishedPages,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return data ? legalLinksFrom(data) : [];
}

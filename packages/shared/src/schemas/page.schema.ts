import { z } from 'zod';
import { SLUG_PATTERN } from '../slug.ts';

export const PAGE_MSG = {
  titleRequired: 'Title is required',
  slugRequired: 'Slug is required',
  slugFormat: 'The slug may only contain lowercase letters, numbers and hyphens.',
  slugTaken: 'The slug has already been taken.',
  created: 'Page created successfully',
  updated: 'Page updated successfully',
  deleted: 'Page deleted successfully',
} as const;

/** Spec section 5, Page form; field names as the form sends them. Content is HTML, sanitised by the server. */
export const pageSchema = z.object({
  title: z.string({ error: PAGE_MSG.titleRequired }).trim().min(1, PAGE_MSG.titleRequired).max(255),
  slug: z.string({ error: PAGE_MSG.slugRequired }).trim().min(1, PAGE_MSG.slugRequired).max(255).regex(SLUG_PATTERN, PAGE_MSG.slugFormat),
  content: z.string().max(500_000).nullish(),
  metaTitle: z.string().trim().max(255).nullish(),
  metaDescription: z.string().trim().max(1000).nullish(),
  isPublished: z.boolean().optional(),
});
export type PageInput = z.input<typeof pageSchema>;

export const pageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  search: z.string().trim().max(100).optional(),
});

export interface PageItem {
  id: number;
  title: string;
  slug: string;
  content: string;
  metaTitle: string | null;
  metaDescription: string | null;
  isPublished: boolean;
  /** The same flag under the name the list reads. */
  is_published: boolean;
  created_at: string;
  updated_at: string;
}

/** GET /pages/published: what the footer links to. */
export interface PublishedPageLink {
  title: string;
  slug: string;
}

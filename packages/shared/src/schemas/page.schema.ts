import { z } from 'zod';
import { SLUG_PATTERN } from '../slug.ts';
import { nestedPaged } from './list.schema.ts';

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

export const pageItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  isPublished: z.boolean(),
  /** The same flag under the name the list reads. */
  is_published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PageItem = z.infer<typeof pageItemSchema>;

/** GET /pages: the spec reads `data.data` and `data.meta`. */
export const pageListResponseSchema = nestedPaged(pageItemSchema);
export type PageListResponse = z.infer<typeof pageListResponseSchema>;

/** GET /pages/{id}, GET /pages/published/{slug}. */
export const pageResponseSchema = z.object({ data: pageItemSchema });

/** POST /pages (201), PUT /pages/{id}. */
export const pageSavedResponseSchema = z.object({ message: z.string(), data: pageItemSchema });

/** GET /pages/published: what the footer links to. */
export const publishedPageLinkSchema = z.object({ title: z.string(), slug: z.string() });
export type PublishedPageLink = z.infer<typeof publishedPageLinkSchema>;
export const publishedPagesResponseSchema = z.object({ data: z.array(publishedPageLinkSchema) });

import { z } from 'zod';
import { MAX_ID, MAX_PER_PAGE } from '../constants.ts';
import { paged, plainText } from './common.schema.ts';

/**
 * Sites: the homes and the college a child belongs to and a staff member works at. A user sees
 * the children of the sites they hold; `manage-sites` holders manage the list itself.
 */
export const SITE_KINDS = ['orphanage', 'school', 'other'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

export const SITE_MSG = {
  nameRequired: 'Site name is required',
  nameTaken: 'The name has already been taken.',
  kindInvalid: 'The kind must be orphanage, school or other.',
  created: 'Site created successfully',
  updated: 'Site updated successfully',
  deleted: 'Site deleted successfully',
  changedMeanwhile: 'Someone else saved this site after you opened it. Reload the page to see their changes, then make yours again.',
  hasChildren: 'This site still has children (in the list or in the trash). Transfer them to another site first, or make the site inactive.',
  hasTransfers: "A child's transfer history names this site. Make the site inactive instead.",
  hasUsers: 'This site is still given to staff members. Take it from them first, or make the site inactive.',
  /** A `site_id` / `site_ids` entry that does not exist, is inactive where a child goes, or is not the user's. */
  siteInvalid: 'The selected site is invalid.',
  siteRequired: 'The site is required.',
  grantSite: 'You cannot grant a site you do not hold yourself.',
  grantAllSites: 'Only a user who holds all sites may grant all sites.',
} as const;

/**
 * A `site_id` that narrows a list, an export or the overview to one of the user's sites (a
 * query's text or a body's number; empty: all of them). That the site is the user's and active
 * is the server's check, answered with the same 422 as a malformed one.
 */
export const siteFilterField = z.preprocess(
  (v) => (v == null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
  z.number({ error: SITE_MSG.siteInvalid }).int(SITE_MSG.siteInvalid).min(1, SITE_MSG.siteInvalid).max(MAX_ID, SITE_MSG.siteInvalid).optional(),
);

/** A text field that may be left empty: stored as null. */
function nullableText(label: string, max: number) {
  return z
    .string({ error: `The ${label} must be text.` })
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
    .pipe(plainText(label, max).nullable());
}

const siteFields = {
  name: z
    .string({ error: SITE_MSG.nameRequired })
    .trim()
    .min(1, SITE_MSG.nameRequired)
    .pipe(plainText('name', 255)),
  kind: z.enum(SITE_KINDS, { error: SITE_MSG.kindInvalid }),
  province: nullableText('province', 100),
  address: nullableText('address', 500),
  phone: nullableText('phone', 50),
  active: z.boolean({ error: 'The active field must be true or false.' }).optional(),
};

/** POST /sites. A new site is active unless `active: false`. */
export const siteCreateSchema = z.object(siteFields);
export type SiteCreateInput = z.input<typeof siteCreateSchema>;
export type SiteCreateBody = z.output<typeof siteCreateSchema>;

/** PUT /sites/{id}: every field again, and `updated_at` as it was read (a later save since: 409). */
export const siteUpdateSchema = z.object({
  ...siteFields,
  updated_at: z.string().max(40).optional(),
});
export type SiteUpdateInput = z.input<typeof siteUpdateSchema>;
export type SiteUpdateBody = z.output<typeof siteUpdateSchema>;

const booleanFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

/** GET /sites: a page at a time, or every site at once for a selector (`no_pagination=true`). */
export const siteListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).optional(),
  search: z.string().trim().max(100).optional(),
  no_pagination: booleanFlag,
});
export type SiteListQueryInput = z.input<typeof siteListQuerySchema>;
export type SiteListQuery = z.output<typeof siteListQuerySchema>;

export const siteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(SITE_KINDS),
  province: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  active: z.boolean(),
  /** Children in the list (not the trash); given to `manage-sites` holders. */
  children_count: z.number().int().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

/** GET /sites (also with `no_pagination=true`: every site on one page). */
export const siteListResponseSchema = paged(siteSchema);
export type SiteListResponse = z.infer<typeof siteListResponseSchema>;

/** GET /sites/{id}. */
export const siteResponseSchema = z.object({ data: siteSchema });
export type SiteResponse = z.infer<typeof siteResponseSchema>;

/** POST /sites (201), PUT /sites/{id}. */
export const siteSavedResponseSchema = z.object({ message: z.string(), data: siteSchema });
export type SiteSavedResponse = z.infer<typeof siteSavedResponseSchema>;

/** A site as a user or a child names it. */
export const siteRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type SiteRef = z.infer<typeof siteRefSchema>;

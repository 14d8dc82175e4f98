import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';
import { namedRefSchema } from './auth.schema.ts';
import { pageMetaSchema, paged, recordId } from './common.schema.ts';
import { siteRefSchema } from './sites.schema.ts';

/** Spec section 5 (User form) and the server's own answers for users. */
export const USER_MSG = {
  email: 'Please enter a valid email address',
  passwordLength: 'Password must be at least 8 characters long',
  passwordMismatch: 'Passwords do not match',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailTaken: 'The email has already been taken.',
  invalidRole: 'The selected role is invalid.',
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  rolesUpdated: 'User roles updated successfully',
  lastSuperAdminDelete: 'The last Super Admin cannot be deleted.',
  lastSuperAdminRole: 'The last Super Admin cannot lose the Super Admin role.',
  deleteSelf: 'You cannot delete your own account.',
  selfLockOut: 'You cannot remove your own Super Admin or Manager role.',
  superAdminOnly: 'Only a Super Admin may grant or remove the Super Admin role, or change a Super Admin.',
} as const;

/** The spec's "simple address pattern". */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const name = z.string({ error: USER_MSG.nameRequired }).trim().min(1, USER_MSG.nameRequired).max(255);
const email = z
  .string({ error: USER_MSG.emailRequired })
  .trim()
  .min(1, USER_MSG.emailRequired)
  .max(255)
  .regex(SIMPLE_EMAIL, USER_MSG.email);
/** Role names, as the user form sends them. */
const roleNames = z.array(z.string().min(1).max(255)).max(100);
/**
 * The sites a user works at (their children are the ones they see), or every site. Left out on an
 * update: unchanged. A Super Admin holds every site whatever these say.
 */
const siteAccess = {
  site_ids: z.array(recordId).max(1000).optional(),
  all_sites: z.boolean({ error: 'The all sites field must be true or false.' }).optional(),
};

/** Create: password and confirmation required. */
export const userCreateSchema = z
  .object({
    name,
    email,
    password: z.string({ error: USER_MSG.passwordLength }).min(PASSWORD_MIN_LENGTH, USER_MSG.passwordLength).max(200),
    password_confirmation: z.string({ error: USER_MSG.passwordMismatch }),
    is_email_verified: z.boolean().optional(),
    roles: roleNames.optional(),
    ...siteAccess,
  })
  .refine((v) => v.password === v.password_confirmation, { message: USER_MSG.passwordMismatch, path: ['password_confirmation'] });
export type UserCreateInput = z.input<typeof userCreateSchema>;

/** Update: a blank (or absent) password keeps the current one. */
export const userUpdateSchema = z
  .object({
    name,
    email,
    password: z.union([z.literal(''), z.string().min(PASSWORD_MIN_LENGTH, USER_MSG.passwordLength).max(200)]).optional(),
    password_confirmation: z.string().optional(),
    is_email_verified: z.boolean().optional(),
    roles: roleNames.optional(),
    ...siteAccess,
  })
  .refine((v) => !v.password || v.password === v.password_confirmation, { message: USER_MSG.passwordMismatch, path: ['password_confirmation'] });
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** The separate role-assignment call: role ids. */
export const userRolesSchema = z.object({
  roles: z.array(z.number().int().positive()).max(100),
});
export type UserRolesInput = z.input<typeof userRolesSchema>;

export const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  search: z.string().trim().max(100).optional(),
});

export const userItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  is_email_verified: z.boolean(),
  roles: z.array(namedRefSchema),
  /** The sites given to the user (active or not), by id and with their names. */
  site_ids: z.array(z.number().int()),
  sites: z.array(siteRefSchema),
  /** Every site, present and future (a Super Admin always). */
  all_sites: z.boolean(),
  created_at: z.string(),
});
export type UserItem = z.infer<typeof userItemSchema>;

/** GET /users: the paged numbers at the top level and again under `meta`. */
export const userListResponseSchema = paged(userItemSchema).extend({ meta: pageMetaSchema });
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** GET /users/{id}. */
export const userResponseSchema = z.object({ data: userItemSchema });

/** POST /users (201), PUT /users/{id}, PUT /users/{id}/roles. */
export const userSavedResponseSchema = z.object({ message: z.string(), data: userItemSchema });
export type UserResponse = z.infer<typeof userSavedResponseSchema>;

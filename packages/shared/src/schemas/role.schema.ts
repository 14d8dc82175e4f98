import { z } from 'zod';
import { namedRefSchema } from './auth.schema.ts';

export const ROLE_MSG = {
  nameRequired: 'Role name is required',
  nameTaken: 'The name has already been taken.',
  invalidPermission: 'The selected permission is invalid.',
  created: 'Role created successfully',
  updated: 'Role updated successfully',
  deleted: 'Role deleted successfully',
  superAdminDelete: 'The Super Admin role cannot be deleted.',
  superAdminRename: 'The Super Admin role cannot be renamed.',
  seededRename: 'A built-in role cannot be renamed.',
  administerSuperAdminOnly: 'Only a Super Admin may give a role the administer permission or take it away.',
  superAdminPermissions: 'The Super Admin role always holds every permission.',
  /** `:count` is replaced by the number of users. */
  inUse: 'This role is assigned to :count user(s). Remove it from them first.',
  grantOwn: 'You cannot grant a permission you do not hold yourself.',
  keepRoleManagement: 'You cannot take from a role you hold the permissions that let you manage roles.',
} as const;

/** Spec section 5, Role form: name, and permissions by name. */
export const roleSchema = z.object({
  name: z.string({ error: ROLE_MSG.nameRequired }).trim().min(1, ROLE_MSG.nameRequired).max(255),
  permissions: z.array(z.string().min(1).max(255)).max(500).default([]),
});
export type RoleInput = z.input<typeof roleSchema>;

export const permissionItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The part after the first hyphen: the role form's checkbox group. */
  group: z.string(),
});
export type PermissionItem = z.infer<typeof permissionItemSchema>;

export const roleItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(namedRefSchema),
  permissions_count: z.number().int(),
  users_count: z.number().int(),
});
export type RoleItem = z.infer<typeof roleItemSchema>;

/** GET /roles: every role, unpaged. */
export const roleListResponseSchema = z.object({ data: z.array(roleItemSchema) });
export type RoleListResponse = z.infer<typeof roleListResponseSchema>;

/** GET /roles/{id}. */
export const roleResponseSchema = z.object({ data: roleItemSchema });

/** POST /roles (201), PUT /roles/{id}. */
export const roleSavedResponseSchema = z.object({ message: z.string(), data: roleItemSchema });

/** GET /permissions. */
export const permissionListResponseSchema = z.object({ data: z.array(permissionItemSchema) });
export type PermissionListResponse = z.infer<typeof permissionListResponseSchema>;

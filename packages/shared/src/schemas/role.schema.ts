import { z } from 'zod';

export const ROLE_MSG = {
  nameRequired: 'Role name is required',
  nameTaken: 'The name has already been taken.',
  invalidPermission: 'The selected permission is invalid.',
  created: 'Role created successfully',
  updated: 'Role updated successfully',
  deleted: 'Role deleted successfully',
  superAdminDelete: 'The Super Admin role cannot be deleted.',
  superAdminRename: 'The Super Admin role cannot be renamed.',
  superAdminPermissions: 'The Super Admin role always holds every permission.',
  /** `:count` is replaced by the number of users. */
  inUse: 'This role is assigned to :count user(s). Remove it from them first.',
  grantOwn: 'You cannot grant a permission you do not hold yourself.',
} as const;

/** Spec section 5, Role form: name, and permissions by name. */
export const roleSchema = z.object({
  name: z.string({ error: ROLE_MSG.nameRequired }).trim().min(1, ROLE_MSG.nameRequired).max(255),
  permissions: z.array(z.string().min(1).max(255)).max(500).default([]),
});
export type RoleInput = z.input<typeof roleSchema>;

export interface PermissionItem {
  id: number;
  name: string;
  /** The part after the first hyphen: the role form's checkbox group. */
  group: string;
}

export interface RoleItem {
  id: number;
  name: string;
  permissions: { id: number; name: string }[];
  permissions_count: number;
  users_count: number;
}

export interface RoleListResponse {
  data: RoleItem[];
}

export interface PermissionListResponse {
  data: PermissionItem[];
}

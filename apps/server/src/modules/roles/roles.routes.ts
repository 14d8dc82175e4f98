import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, messageResponseSchema } from '@app/shared/schemas/common.schema';
import {
  ROLE_MSG,
  permissionListResponseSchema,
  roleListResponseSchema,
  roleResponseSchema,
  roleSavedResponseSchema,
  roleSchema,
} from '@app/shared/schemas/role.schema';
import { requires } from '../../lib/access.ts';
import { currentUser } from '../../plugins/access.ts';
import { createRole, deleteRole, getRole, listPermissions, listRoles, updateRole } from './roles.service.ts';
import { linkActivities } from '../activities/activities.service.ts';
import { roleActivityLinks } from './roles.repository.ts';

export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  linkActivities('role', roleActivityLinks);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];

  r.get('/roles', { config: requires('view-roles'), schema: { description: 'The roles, with their permissions.', tags, response: { 200: roleListResponseSchema } } }, async () => ({ data: await listRoles(app.db) }));

  r.post('/roles', { config: requires('create-roles'), schema: { description: 'Add a role with a set of permissions.', tags, body: roleSchema, response: { 201: roleSavedResponseSchema } } }, async (request, reply) => {
    const data = await createRole(app.db, currentUser(request), request.body);
    return reply.code(201).send({ message: ROLE_MSG.created, data });
  });

  r.get('/roles/:id', { config: requires('view-roles'), schema: { description: 'One role, with its permissions.', tags, params: idParam, response: { 200: roleResponseSchema } } }, async (request) => ({
    data: await getRole(app.db, request.params.id),
  }));

  r.put('/roles/:id', { config: requires('edit-roles'), schema: { description: 'Change a role\'s name or permissions.', tags, params: idParam, body: roleSchema, response: { 200: roleSavedResponseSchema } } }, async (request) => ({
    message: ROLE_MSG.updated,
    data: await updateRole(app.db, currentUser(request), request.params.id, request.body),
  }));

  r.delete('/roles/:id', { config: requires('delete-roles'), schema: { description: 'Delete a role.', tags, params: idParam, response: { 200: messageResponseSchema } } }, async (request) => {
    await deleteRole(app.db, currentUser(request), request.params.id);
    return { message: ROLE_MSG.deleted };
  });

  r.get('/permissions', { config: requires('view-roles'), schema: { description: 'Every permission a role can hold.', tags, response: { 200: permissionListResponseSchema } } }, async () => ({ data: await listPermissions(app.db) }));
}

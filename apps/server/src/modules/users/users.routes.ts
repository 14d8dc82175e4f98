import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, messageResponseSchema } from '@app/shared/schemas/common.schema';
import {
  USER_MSG,
  userCreateSchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
  userRolesSchema,
  userSavedResponseSchema,
  userUpdateSchema,
} from '@app/shared/schemas/user.schema';
import { requires } from '../../lib/access.ts';
import { currentUser } from '../../plugins/access.ts';
import { createUser, deleteUser, getUser, listUsers, setUserRoles, updateUser, type UserActionContext } from './users.service.ts';
import { linkActivities } from '../activities/activities.service.ts';
import { userActivityLinks } from './users.repository.ts';

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  linkActivities('user', userActivityLinks);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): UserActionContext => ({ db: app.db, dialect: app.dialect, actor: currentUser(request), tokenId: request.tokenId });
  const tags = ['users'];

  r.get('/users', { config: requires('view-users'), schema: { description: 'Staff accounts, a page at a time, searched and filtered by role.', tags, querystring: userListQuerySchema, response: { 200: userListResponseSchema } } }, async (request) =>
    listUsers(app.db, request.query),
  );

  r.post('/users', { config: requires('create-users'), schema: { description: 'Add a staff account with roles.', tags, body: userCreateSchema, response: { 201: userSavedResponseSchema } } }, async (request, reply) => {
    const data = await createUser(ctx(request), request.body, request.ip);
    return reply.code(201).send({ message: USER_MSG.created, data });
  });

  r.get('/users/:id', { config: requires('view-users'), schema: { description: 'One staff account, with roles.', tags, params: idParam, response: { 200: userResponseSchema } } }, async (request) => ({
    data: await getUser(app.db, request.params.id),
  }));

  r.put('/users/:id', { config: requires('edit-users'), schema: { description: 'Change a staff account; a new password ends its other sign-ins.', tags, params: idParam, body: userUpdateSchema, response: { 200: userSavedResponseSchema } } }, async (request) => ({
    message: USER_MSG.updated,
    data: await updateUser(ctx(request), request.params.id, request.body, request.ip),
  }));

  r.delete('/users/:id', { config: requires('delete-users'), schema: { description: 'Delete a staff account.', tags, params: idParam, response: { 200: messageResponseSchema } } }, async (request) => {
    await deleteUser(ctx(request), request.params.id);
    return { message: USER_MSG.deleted };
  });

  r.put('/users/:id/roles', { config: requires('edit-users'), schema: { description: 'Replace a staff account\'s roles.', tags, params: idParam, body: userRolesSchema, response: { 200: userSavedResponseSchema } } }, async (request) => ({
    message: USER_MSG.rolesUpdated,
    data: await setUserRoles(ctx(request), request.params.id, request.body.roles),
  }));
}

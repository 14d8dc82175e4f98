import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESS, can } from '@app/shared/permissions';
import {
  activityListQuerySchema,
  activityListResponseSchema,
  activityUsersResponseSchema,
  recentActivitiesQuerySchema,
  recentActivitiesResponseSchema,
} from '@app/shared/schemas/activity.schema';
import { requires } from '../../lib/access.ts';
import { activityUsers, listActivities, recentActivities, type ActivityReader } from './activities.service.ts';
import { currentUser, siteScope } from '../../plugins/access.ts';
import { requestLanguage } from '../../lib/request-language.ts';

/**
 * Recent Activity (the overview) needs only view-activities; the whole log is an administrator's
 * screen: an administrator role AND view-activities (ACCESS.activities, the rule the web applies).
 */
const viewLog = requires(ACCESS.activities);

/** The reader of the log: what they may view decides what its entries show them. */
const readerOf = (request: FastifyRequest): ActivityReader => ({ may: (permission) => can(currentUser(request), permission), language: requestLanguage(request) });

export async function activitiesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['activities'];

  r.get(
    '/activities/recent',
    { config: requires('view-activities'), schema: { description: 'The latest activities for the dashboard, newest first.', tags, querystring: recentActivitiesQuerySchema, response: { 200: recentActivitiesResponseSchema } } },
    async (request) => ({ data: await recentActivities(app.db, siteScope(request), request.query.limit, readerOf(request)) }),
  );

  r.get('/activities', { config: viewLog, schema: { description: 'The activity log, a page at a time, with its filters.', tags, querystring: activityListQuerySchema, response: { 200: activityListResponseSchema } } }, async (request) =>
    listActivities(app.db, siteScope(request), request.query, readerOf(request)),
  );

  // The log's user filter: names and ids only, so the screen needs no view-users.
  r.get('/activities/users', { config: viewLog, schema: { description: 'The users who appear in the activity log, for its user filter.', tags, response: { 200: activityUsersResponseSchema } } }, async () => ({
    data: await activityUsers(app.db),
  }));
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dashboardQuerySchema, dashboardResponseSchema, pendingTasksResponseSchema, upcomingEventsResponseSchema } from '@app/shared/schemas/dashboard.schema';
import { parseOrThrow } from '../../lib/validate.ts';
import { siteWithinScope } from '../sites/sites.service.ts';
import { requires, signedIn } from '../../lib/access.ts';
import { currentUser, siteScope } from '../../plugins/access.ts';
import { dashboardAnswer, type DashboardKind } from './dashboard.service.ts';
import { requestLanguage } from '../../lib/request-language.ts';

/**
 * GET /dashboard/data (spec section 7): any signed-in user; each part follows its own permission
 * (dashboard.service.ts). GET /dashboard/events and /dashboard/tasks: the lists behind the
 * Upcoming Events and Pending Tasks cards, for those who may see a part of them.
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  // `site_id` narrows the request's sites to that one (the overview's site switcher).
  const scopeOf = async (request: FastifyRequest) => {
    const siteId = await siteWithinScope(app.db, siteScope(request), parseOrThrow(dashboardQuerySchema, request.query).site_id);
    return siteId === undefined ? siteScope(request) : { ids: [siteId] };
  };
  const send = (kind: DashboardKind) => async (request: FastifyRequest) => dashboardAnswer({ db: app.db, scope: await scopeOf(request) }, currentUser(request), kind, requestLanguage(request));
  const tags = ['dashboard'];
  app.get('/dashboard/data', { config: signedIn, schema: { description: 'The overview\'s figures and recent activity; each part follows its own permission.', tags, querystring: dashboardQuerySchema, response: { 200: dashboardResponseSchema } } }, send('data'));
  app.get(
    '/dashboard/events',
    { config: requires({ anyPermission: ['view-orphans', 'view-results'] }), schema: { description: 'The list behind the overview\'s Upcoming Events card.', tags, response: { 200: upcomingEventsResponseSchema } } },
    send('events'),
  );
  app.get(
    '/dashboard/tasks',
    { config: requires({ anyPermission: ['view-orphans', 'view-attendance'] }), schema: { description: 'The list behind the overview\'s Pending Tasks card.', tags, response: { 200: pendingTasksResponseSchema } } },
    send('tasks'),
  );
}

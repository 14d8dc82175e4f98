import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recentActivitiesQuerySchema, recentActivitiesResponseSchema } from '@app/shared/schemas/activity.schema';
import { requires } from '../../lib/access.ts';
import { recentActivities } from './activities.service.ts';

export async function activitiesRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/activities/recent',
    {
      config: requires('view-activities'),
      schema: {
        tags: ['activities'],
        querystring: recentActivitiesQuerySchema,
        response: { 200: recentActivitiesResponseSchema },
      },
    },
    async (request) => ({ data: await recentActivities(app.db, request.query.limit) }),
  );
}

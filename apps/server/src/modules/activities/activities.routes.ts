import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECENT_ACTIVITIES_LIMIT } from '@app/shared/constants';
import { requires } from '../../lib/access.ts';
import { recentActivities } from './activities.service.ts';

export async function activitiesRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/activities/recent',
    {
      config: requires('view-activities'),
      schema: {
        tags: ['activities'],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(RECENT_ACTIVITIES_LIMIT) }),
      },
    },
    async (request) => ({ data: await recentActivities(app.db, request.query.limit) }),
  );
}

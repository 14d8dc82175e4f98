import { z } from 'zod';
import { RECENT_ACTIVITIES_LIMIT } from '../constants.ts';

/** One line of Recent Activity: who did what to which record, and when. */
export const activitySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  /** What a person reads, e.g. the child's full name. */
  name: z.string(),
  action: z.string(),
  time: z.string(),
  subject_type: z.string(),
  subject_id: z.number().int().nullable(),
  user: z.object({ name: z.string() }).nullable(),
});
export type ActivityView = z.infer<typeof activitySchema>;

export const recentActivitiesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(RECENT_ACTIVITIES_LIMIT),
});

/** GET /activities/recent. */
export const recentActivitiesResponseSchema = z.object({ data: z.array(activitySchema) });
export type RecentActivitiesResponse = z.infer<typeof recentActivitiesResponseSchema>;

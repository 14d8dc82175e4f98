import { z } from 'zod';
import { activitySchema } from './activity.schema.ts';

/** A stat card of the overview; each is shown only to users holding its permission. */
export const dashboardStatSchema = z.object({
  label: z.string(),
  value: z.number(),
  icon: z.string(),
  color: z.string(),
});
export type DashboardStat = z.infer<typeof dashboardStatSchema>;

/** GET /dashboard/data: the cards and Recent Activity the user may see. */
export const dashboardResponseSchema = z.object({
  stats: z.array(dashboardStatSchema),
  activities: z.array(activitySchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

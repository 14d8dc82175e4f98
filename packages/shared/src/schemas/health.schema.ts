import { z } from 'zod';

/** GET /health: the login page's reachability check. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

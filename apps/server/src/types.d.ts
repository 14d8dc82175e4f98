import type { Kysely } from 'kysely';
import type { ZodType } from 'zod';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import type { Config, Dialect } from './config.ts';
import type { DB } from './db/schema.ts';
import type { Access } from './lib/access.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { SiteScope } from './modules/sites/sites.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    dialect: Dialect;
    appConfig: Config;
    limiter: RateLimiter;
    /** Every registered route and who may call it; read by the route-table test. */
    routeTable: Array<{ method: string; url: string; access: Access | undefined }>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    tokenId: number | null;
    /** The sites whose children this request may reach (null without a signed-in user). */
    siteScope: SiteScope | null;
    /** Lockdown is on (read with the token, afresh on every request; plugins/access.ts narrows the user's permissions by it). */
    lockdown: boolean;
  }
  interface FastifyContextConfig {
    access?: Access;
    maintenanceOpen?: boolean;
    /** Honours `Idempotency-Key` (plugins/idempotency.ts): the writes a phone's outbox sends. */
    idempotent?: boolean;
    /**
     * A body the handler reads and validates itself (multipart, or one of several forms), so
     * the route declares no `schema.body`: shown in the API docs only (plugins/docs.ts).
     */
    documentedBody?: { schema: ZodType; consumes?: string[] };
  }
}

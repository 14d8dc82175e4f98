import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, isAdministrator } from '@app/shared/permissions';
import { MSG } from '@app/shared/messages';
import { AppError } from '../lib/app-error.ts';
import type { Access } from '../lib/access.ts';
import { heldUnderLockdown } from '../lib/lockdown-grants.ts';
import { loadAccess } from '../modules/auth/current-user.service.ts';
import { resolveToken, whyTokenEnded } from '../modules/auth/tokens.service.ts';
import { deleteRevokedTokensBefore } from '../modules/auth/auth.writes.ts';
import { scheduleDailyDeletion } from '../lib/daily-job.ts';
import { isMaintenanceMode } from '../modules/settings/settings.service.ts';

/** Paths whose routes must declare `access`. Static SPA files outside these are public by nature. */
const GUARDED = /^\/(api|storage|download|sanctum)(\/|$)/;
/** Routes registered by third-party plugins we mount (API docs): public, read-only. */
const THIRD_PARTY_PUBLIC = /^\/api\/docs(\/|$)/;

export function bearerToken(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h || !h.startsWith('Bearer ')) return null;
  const t = h.slice(7).trim();
  return t || null;
}

/**
 * Deny by default: registering a guarded route without `config.access` throws at start-up.
 * Each request then resolves the bearer token, checks the route's access, and applies
 * maintenance mode (503 on non-public routes for everyone but administrators, except routes marked open).
 */
export function registerAccessControl(app: FastifyInstance): void {
  app.decorate('routeTable', []);
  app.decorateRequest('user', null);
  app.decorateRequest('tokenId', null);
  app.decorateRequest('siteScope', null);
  app.decorateRequest('lockdown', false);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (GUARDED.test(route.url) && !route.config?.access) {
      if (!THIRD_PARTY_PUBLIC.test(route.url)) {
        throw new Error(`Route ${methods.join(',')} ${route.url} declares no access (permission or 'public').`);
      }
      route.config = { ...route.config, access: 'public' };
    }
    for (const method of methods) app.routeTable.push({ method, url: route.url, access: route.config?.access });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const raw = bearerToken(request);
    const resolved = raw ? await resolveToken(app.db, raw, app.appConfig, request.log) : null;
    if (resolved) {
      // Roles, permissions and sites are read on every request: a change holds from the next one.
      const { scope, ...access } = await loadAccess(app.db, resolved.user.id);
      const user = { ...resolved.user, ...access };
      request.user = heldUnderLockdown(user, resolved.lockdown);
      request.siteScope = scope;
      request.tokenId = resolved.tokenId;
      request.lockdown = resolved.lockdown;
    } else if (raw && access !== 'public') {
      // A token the server ended says so (only to its holder): the phone then wipes what it keeps.
      const because = await whyTokenEnded(app.db, raw);
      if (because) throw AppError.unauthenticated(because);
    }
    // Maintenance closes the staff API only: public routes (the site's pages and settings, the
    // contact form, sign-in, signed file URLs — the signature is the credential) stay open.
    if (access !== 'public' && !request.routeOptions.config.maintenanceOpen && !isAdministrator(request.user)) {
      const maintenance = resolved ? resolved.maintenance : await isMaintenanceMode(app.db);
      if (maintenance) throw new AppError(503, MSG.maintenance);
    }
    checkAccess(access, request);
  });

  scheduleDailyDeletion(app, { deleted: 'revoked tokens past their expiry deleted', failed: 'revoked tokens: expiry deletion failed' }, () =>
    app.db.transaction().execute((trx) => deleteRevokedTokensBefore(trx, new Date().toISOString())),
  );
}

function checkAccess(access: Access, request: FastifyRequest): void {
  if (access === 'public') return;
  if (!request.user) throw AppError.unauthenticated();
  if (access === 'authenticated') return;
  if (!can(request.user, access)) throw AppError.forbidden();
}

/** The sites whose children the signed-in user of this request may reach. */
export function siteScope(request: FastifyRequest) {
  if (!request.siteScope) throw AppError.unauthenticated();
  return request.siteScope;
}

/** The signed-in user of a route that declared non-public access. */
export function currentUser(request: FastifyRequest) {
  if (!request.user) throw AppError.unauthenticated();
  return request.user;
}

import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_MEDIA_BYTES } from '@app/shared/constants';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { refuseNul } from './lib/nul-text.ts';
import { trustedHops } from './lib/proxy-hops.ts';
import { DatabaseRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import { registerAccessControl } from './plugins/access.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerApiDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { loggerOptions, registerRequestLog, requestId } from './plugins/logging.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { activitiesRoutes } from './modules/activities/activities.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { contactsRoutes } from './modules/contacts/contacts.routes.ts';
import { pagesRoutes } from './modules/pages/pages.routes.ts';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { sitesRoutes } from './modules/sites/sites.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { lockdownRoutes } from './modules/lockdown/lockdown.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { orphansRoutes } from './modules/orphans/orphans.routes.ts';
import { resultsRoutes } from './modules/results/results.routes.ts';
import { attendanceRoutes } from './modules/attendance/attendance.routes.ts';
import { progressReportRoutes } from './modules/progress-report/progress-report.routes.ts';
import { readLogRoutes } from './modules/read-log/read-log.routes.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { storageRoutes } from './modules/storage/storage.routes.ts';
import { galleryModule } from './modules/gallery/gallery.module.ts';
import { createFileStore } from './modules/storage/storage.service.ts';
import { FieldCipher, useFieldCipher } from './lib/field-cipher.ts';
import { getPublicSettings } from './modules/settings/settings.service.ts';
import { getPublishedPage, listPublishedPages } from './modules/pages/pages.service.ts';
import { AppError } from './lib/app-error.ts';

/** Every feature's routes, mounted under /api. A new feature adds one line here. */
const API_MODULES = [healthRoutes, authRoutes, dashboardRoutes, activitiesRoutes, orphansRoutes,
  usersRoutes, rolesRoutes, pagesRoutes, contactsRoutes, profileRoutes, settingsRoutes, passwordResetRoutes,
  resultsRoutes, attendanceRoutes, exportsRoutes, progressReportRoutes, sitesRoutes, readLogRoutes, importsRoutes, lockdownRoutes];

export interface AppDeps {
  config: Config;
  database: Database;
  limiter?: RateLimiter;
  /** Outgoing mail; by default SMTP from config.smtpUrl, or none. Tests pass a capturing one. */
  mailer?: Mailer;
  /** Where log lines go (stdout by default); a test reads them to prove no secret is written. */
  logStream?: DestinationStream;
}

/** Build the whole application without listening, so tests and the process share one path. */
export async function buildApp({ config, database, limiter, mailer, logStream }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // No secret in any line, a request id on each (plugins/logging.ts).
    logger: loggerOptions(config.logLevel, logStream),
    genReqId: requestId,
    trustProxy: trustedHops(config.trustProxy),
    // One line per request of our own instead (plugins/logging.ts).
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('appConfig', config);
  app.decorate('limiter', limiter ?? new DatabaseRateLimiter(database.db));
  app.decorate('mailer', mailer ?? createMailer(config));
  app.decorate('fileStore', createFileStore(config, database.db));
  // Children's sensitive fields are sealed and opened with the same data key (lib/field-cipher.ts).
  if (config.dataKey) useFieldCipher(new FieldCipher(config.dataKey));
  // The signing key lives in the database; an app built over an unmigrated database (platform
  // tests) still builds, and any signing then fails loudly instead.
  app.addHook('onReady', async () => {
    await app.fileStore.load(app.log).catch((err: unknown) => app.log.error({ err }, 'storage signing key not loaded'));
  });

  // Clients send `Content-Type: application/json` on bodiless calls (DELETE); an empty body is {}.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, {});
    return defaultJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.method !== 'GET' && request.method !== 'HEAD') request.body = {};
    if (request.is404) return;
    refuseNul(request.params);
    refuseNul(request.query);
    refuseNul(request.body);
  });

  registerRequestLog(app);
  // Before access control: its 401, 403 and 503 answers carry the headers too.
  registerSecurityHeaders(app);
  registerAccessControl(app);
  await app.register(cookie);
  await registerCompression(app);
  await app.register(multipart, { limits: { fileSize: MAX_MEDIA_BYTES, files: 5, fields: 100, fieldSize: 1024 * 1024 } });
  // Before the error handling's hook that puts a success's message in the reader's language: a
  // key's answer is stored in English and answered again in the language of whoever asks.
  registerIdempotency(app);
  // Error and not-found handlers first: plugin contexts registered later inherit them.
  // The public pages the server renders read settings and published pages through their services.
  registerErrorHandling(
    app,
    await registerSpa(app, config.webDist, {
      settings: () => getPublicSettings(app.db),
      publishedPages: () => listPublishedPages(app.db),
      publishedPage: (slug) => getPublishedPage(app.db, slug).catch((err: unknown) => (err instanceof AppError && err.status === 404 ? null : Promise.reject(err))),
    }),
  );
  // The docs collect routes as they are registered: first, so they list the CSRF cookie call too.
  await registerApiDocs(app, config.production, config.appUrl);
  registerCsrf(app);

  await app.register(
    async (api) => {
      for (const mod of API_MODULES) await api.register(mod);
    },
    { prefix: '/api' },
  );
  // Stored files, at the root beside the API: reachable only through signed URLs.
  await app.register(storageRoutes);
  // The gallery: its API under /api, its signed downloads at the root, its transcode worker.
  await app.register(galleryModule);
  return app;
}

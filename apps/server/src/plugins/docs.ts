import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@app/shared/schemas/common.schema';
import { AppError } from '../lib/app-error.ts';
import { describeForTools, type OpenApiDocument } from './api-description.ts';

/**
 * In production the docs are for staff: they map every route an attacker could try. Access control
 * (plugins/access.ts) has already read the bearer token by the time this runs; a guest gets 401, a
 * signed-in user without a role 403. A browser opening /api/docs sends no token (it lives in
 * localStorage), so in production the map is read with one: `curl -H "Authorization: Bearer …" /api/docs/json`.
 */
function staffOnly(request: FastifyRequest): Promise<void> {
  if (!request.user) throw AppError.unauthenticated();
  if (!request.user.roles?.length) throw AppError.forbidden();
  return Promise.resolve();
}

/** swagger-ui's own CSP allows framing by the same origin; ours allows none (plugins/security.ts). */
const noFraming = (csp: string) => csp.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'");

/** OpenAPI generated from the route schemas: JSON at /api/docs/json, the browsable UI at /api/docs. */
export async function registerApiDocs(app: FastifyInstance, production: boolean, appUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Orphan care API', description: 'Staff dashboard and public site API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'id|secret token from POST /api/auth/login' } } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      let schema = input.schema;
      // A route that validates its body itself documents it in its config (types.d.ts).
      const documented = input.route.config?.documentedBody;
      if (documented && !schema?.body) schema = { ...schema, body: documented.schema, ...(documented.consumes && { consumes: documented.consumes }) };
      // Every failure answers in the one error shape (plugins/errors.ts); shown beside each route's
      // own answers, in the docs only, so the serialiser never touches an error body.
      if (schema?.response) schema = { ...schema, response: { ...schema.response, '4XX': errorBodySchema, '5XX': errorBodySchema } };
      return jsonSchemaTransform({ ...input, schema });
    },
    // Operation names, declared tags, server and contact for generated clients (api-description.ts).
    transformObject: (documents) => {
      if (!('openapiObject' in documents)) return documents.swaggerObject;
      type Document = typeof documents.openapiObject;
      return describeForTools(documents.openapiObject as OpenApiDocument, appUrl) as unknown as Document;
    },
  });
  // Its own scope, so the guard covers every docs route (swagger-ui's static files too) and nothing else.
  await app.register(async (docs) => {
    if (production) docs.addHook('onRequest', staffOnly);
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: noFraming });
  });
}

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@app/shared/schemas/common.schema';

/** OpenAPI generated from the route schemas: JSON at /api/docs/json, the browsable UI at /api/docs. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
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
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

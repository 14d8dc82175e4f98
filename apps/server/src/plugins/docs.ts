import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the route schemas: JSON at /api/docs/json, the browsable UI at /api/docs. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Orphan care API', description: 'Staff dashboard and public site API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'id|secret token from POST /api/auth/login' } } },
      security: [{ bearer: [] }],
    },
    // A route that validates its body itself documents it in its config (types.d.ts).
    transform: (input) => {
      const documented = input.route.config?.documentedBody;
      if (!documented || input.schema.body) return jsonSchemaTransform(input);
      const schema = { ...input.schema, body: documented.schema, ...(documented.consumes && { consumes: documented.consumes }) };
      return jsonSchemaTransform({ ...input, schema });
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { scopeNeeded } from '../auth/key-access.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The OpenAPI of a route, marked with the API key scope it takes when it takes one. */
function describeRoute(input: TransformInput) {
  const described = jsonSchemaTransform(input);
  const method = [input.route.method].flat()[0] ?? '';
  const scope = scopeNeeded(method, input.url);
  if (!scope) return described;
  return {
    ...described,
    schema: {
      ...described.schema,
      description: `Takes an API key with the ${scope} scope, or a staff session.`,
      security: [{ apiKey: [] }, { session: [] }],
    },
  };
}

/** OpenAPI document at /api/docs/json, browsable at /api/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'e-Cert Portal API', version: '1.0.0' },
        components: {
          securitySchemes: {
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              description: 'An API key made by an administrator: `Authorization: Bearer <key>`.',
            },
            // Named __Secure-better-auth.session_token when PUBLIC_URL is https.
            session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
          },
        },
      },
      transform: describeRoute,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);

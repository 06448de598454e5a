import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document at /api/docs/json, browsable at /api/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: { info: { title: 'e-Cert Portal API', version: '1.0.0' } },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);

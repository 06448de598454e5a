import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactInput, contactResponse } from '#shared/api/contact.ts';
import { chooseReplyTopic } from '#shared/rules/contact-reply.ts';
import { contactMessage } from '../../db/schema/index.ts';
import { perClientLimit } from '../../plugins/rate-limit.ts';

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact',
    {
      config: { rateLimit: perClientLimit(app.config.contactRateLimit) },
      schema: { body: contactInput, response: { 201: contactResponse } },
    },
    async (request, reply) => {
      await app.db.insert(contactMessage).values(request.body);
      const replies = app.content.pages.contact.replies;
      return reply.code(201).send({ reply: replies[chooseReplyTopic(request.body.message)] });
    },
  );
};

export default contactRoutes;

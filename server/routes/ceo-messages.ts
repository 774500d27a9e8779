import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ceoMessageCreateSchema, ceoMessagePageSchema, ceoMessageSchema } from '../../common/schemas/community.ts';
import { pageQuery } from '../../common/schemas/page.ts';
import type { AppContext } from '../app.ts';
import { listOwnCeoMessages, sendCeoMessage } from '../services/ceo-messages.ts';

const ceoMessageQuerySchema = pageQuery(10, 50);

/**
 * CEO Contact: a member's message to the leadership (every admin and master-admin is notified and e-mailed), at
 * most five a London day, and the member's own past messages. Nobody lists anyone else's messages here.
 */
export const ceoMessageRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db };

    app.get('/api/ceo-messages', { schema: { querystring: ceoMessageQuerySchema, response: { 200: ceoMessagePageSchema } } }, async (request) => {
      const q = request.query;
      const { items, total, remainingToday } = await listOwnCeoMessages(ctx.db, request.user!, q, ctx.now());
      return { items, total, page: q.page, pageSize: q.pageSize, remainingToday };
    });

    app.post('/api/ceo-messages', { schema: { body: ceoMessageCreateSchema, response: { 201: ceoMessageSchema } } }, async (request, reply) => {
      const message = await sendCeoMessage(deps, request.user!, request.body, ctx.now());
      return reply.code(201).send(message);
    });
  };

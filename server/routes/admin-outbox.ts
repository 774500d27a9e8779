import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxPageSchema, outboxQuerySchema } from '../../common/schemas/admin.ts';
import type { AppContext } from '../app.ts';
import { listOutbox } from '../services/outbox.ts';

/** The e-mails the product sent or kept (the outbox when no SMTP server is configured); admins only. */
export const adminOutboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/admin/outbox', { config: { access: 'admin' }, schema: { querystring: outboxQuerySchema, response: { 200: outboxPageSchema } } }, async (request) => {
      const { items, total, page, nextCursor, prevCursor } = await listOutbox(ctx.db, request.query);
      return { items, total, page, pageSize: request.query.pageSize, nextCursor, prevCursor };
    });
  };

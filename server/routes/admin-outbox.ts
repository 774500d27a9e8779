import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app.ts';
import { outbox } from '../db/schema/index.ts';

const outboxItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  transport: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
});

/** The e-mails the product sent or kept (the outbox when no SMTP server is configured); admins only. */
export const adminOutboxRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/api/admin/outbox',
    {
      config: { access: 'admin' },
      schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50), offset: z.coerce.number().int().min(0).default(0) }), response: { 200: z.array(outboxItem) } },
    },
    async (request) => {
      const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(request.query.limit).offset(request.query.offset);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  );
};

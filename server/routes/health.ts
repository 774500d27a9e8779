import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app.ts';

/** GET /api/health: 200 while the database answers, 503 when it does not. */
export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        config: { access: 'public' },
        schema: {
          response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: z.object({ status: z.literal('unavailable'), database: z.string() }) },
        },
      },
      async (_request, reply) => {
        const ok = await ctx.database.ping();
        if (!ok) return reply.code(503).send({ status: 'unavailable' as const, database: ctx.database.kind });
        return { status: 'ok' as const, database: ctx.database.kind };
      },
    );
  };

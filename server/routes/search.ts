import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResponseSchema } from '../../common/schemas/search.ts';
import type { AppContext } from '../app.ts';
import { search } from '../services/search.ts';

/** The command palette's search for every signed-in member: each group only what the viewer may open (server/services/search.ts). */
export const searchRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/search', { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } } }, async (request) =>
      search(ctx.db, request.user!, request.query.q),
    );
  };

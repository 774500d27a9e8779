import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mentionSuggestionsSchema, mentionSuggestQuerySchema } from '../../common/schemas/mentions.ts';
import type { AppContext } from '../app.ts';
import { suggestMentions } from '../services/mentions.ts';

/** The members a writer may mention, for the composers' @ suggestions (server/services/mentions.ts). */
export const mentionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/mentions/suggest', { schema: { querystring: mentionSuggestQuerySchema, response: { 200: mentionSuggestionsSchema } } }, async (request) => ({
      items: await suggestMentions(ctx.db, request.user!, request.query.q),
    }));
  };

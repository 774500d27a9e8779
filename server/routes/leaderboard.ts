import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hallOfFameRecordSchema, hallOfFameSchema, hallOfFameUpdateSchema, leaderboardPageSchema, leaderboardQuerySchema } from '../../common/schemas/gamification.ts';
import type { AppContext } from '../app.ts';
import { hallOfFame, leaderboardPage, updateHallOfFame } from '../services/leaderboard.ts';

const idParams = z.object({ id: z.uuid('Record not found.') });

/**
 * Leaderboard rankings and the hall of fame. Every member reads them; editing a record is for admin and
 * master-admin (the access level, and the hall of fame policy again in the service).
 */
export const leaderboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/leaderboard', { schema: { querystring: leaderboardQuerySchema, response: { 200: leaderboardPageSchema } } }, async (request) => {
      const { period, ...page } = request.query;
      return leaderboardPage(ctx.db, period, page, ctx.now());
    });

    app.get('/api/leaderboard/records', { schema: { response: { 200: hallOfFameSchema } } }, async (request) => hallOfFame(ctx.db, request.user!));

    app.patch(
      '/api/leaderboard/records/:id',
      { config: { access: 'admin' }, schema: { params: idParams, body: hallOfFameUpdateSchema, response: { 200: hallOfFameRecordSchema } } },
      async (request) => updateHallOfFame(ctx.db, request.user!, request.params.id, request.body, ctx.now()),
    );
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  achievementListSchema,
  levelListSchema,
  networkStatsSchema,
  pointsQuerySchema,
  pointsSchema,
  recognitionSchema,
  userAchievementsSchema,
  userLevelSchema,
} from '../../common/schemas/gamification.ts';
import type { AppContext } from '../app.ts';
import {
  Cached,
  listAchievements,
  listLevels,
  markAchievementsSeen,
  networkStats,
  pointsPage,
  recentRecognition,
  userAchievementList,
  userLevel,
} from '../services/progress.ts';

/** How many recent achievements the recognition section shows. */
const RECOGNITION_SIZE = 10;

/**
 * Points, levels and achievements of the signed-in member, and the network's figures. Every route is for members
 * (the default access level) and reads only the signed-in member's own rows or network-wide counts.
 * Network-wide figures are cached briefly in the process: they change slowly and every member asks for them.
 */
export const gamificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const achievementCache = new Cached(10_000, () => listAchievements(ctx.db));
    const levelCache = new Cached(60_000, () => listLevels(ctx.db));
    const statsCache = new Cached(30_000, () => networkStats(ctx.db, ctx.now()));
    const recognitionCache = new Cached(10_000, () => recentRecognition(ctx.db, RECOGNITION_SIZE));

    app.get('/api/achievements', { schema: { response: { 200: achievementListSchema } } }, async () => ({ items: await achievementCache.get(ctx.now()) }));

    app.get('/api/achievements/user', { schema: { response: { 200: userAchievementsSchema } } }, async (request) => userAchievementList(ctx.db, request.user!.id));

    app.post('/api/achievements/seen', async (request, reply) => {
      await markAchievementsSeen(ctx.db, request.user!.id, ctx.now());
      return reply.code(204).send();
    });

    app.get('/api/achievements/recent', { schema: { response: { 200: recognitionSchema } } }, async () => ({ items: await recognitionCache.get(ctx.now()) }));

    app.get('/api/points', { schema: { querystring: pointsQuerySchema, response: { 200: pointsSchema } } }, async (request) =>
      pointsPage(ctx.db, request.user!.id, request.query),
    );

    app.get('/api/levels', { schema: { response: { 200: levelListSchema } } }, async () => ({ items: await levelCache.get(ctx.now()) }));

    app.get('/api/user-level', { schema: { response: { 200: userLevelSchema } } }, async (request) =>
      userLevel(ctx.db, request.user!.id, await levelCache.get(ctx.now())),
    );

    app.get('/api/community/stats', { schema: { response: { 200: networkStatsSchema } } }, async () => statsCache.get(ctx.now()));
  };

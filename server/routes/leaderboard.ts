import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app.ts';

/** Leaderboard rankings, hall of fame records, network stats and recognition. */
export const leaderboardRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};

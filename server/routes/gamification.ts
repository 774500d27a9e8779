import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app.ts';

/** Points, levels and achievements of the signed-in member. */
export const gamificationRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};

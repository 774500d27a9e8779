import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app.ts';

/** Community feed: posts with an optional image, and deleting them. */
export const communityPostRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};

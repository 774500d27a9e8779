import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app.ts';

/** Skill endorsements and member profiles. */
export const endorsementRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};

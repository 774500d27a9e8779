import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app.ts';

/** CEO Contact: a member's message to the leadership, and their own past messages. */
export const ceoMessageRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};

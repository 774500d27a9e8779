import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../common/errors.ts';
import { memberProfileSchema } from '../../common/schemas/community.ts';
import type { AppContext } from '../app.ts';
import { memberProfile } from '../services/members.ts';

const userParams = z.object({ id: z.uuid('Member not found.') });

/** Skill endorsements and member profiles. */
export const endorsementRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/users/:id', { schema: { params: userParams, response: { 200: memberProfileSchema } } }, async (request) => {
      const profile = await memberProfile(ctx.db, request.user!.id, request.params.id);
      if (!profile) throw new AppError('not_found', 'Member not found.');
      return profile;
    });
  };

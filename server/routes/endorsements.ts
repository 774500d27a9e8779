import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../common/errors.ts';
import {
  endorsementCheckSchema,
  endorsementCreateSchema,
  endorsementSchema,
  memberProfileSchema,
  skillEndorsementsSchema,
  userEndorsementsSchema,
} from '../../common/schemas/community.ts';
import { COMMUNITY_LIMITS } from '../../common/constants/community.ts';
import type { AppContext } from '../app.ts';
import { checkEndorsement, createEndorsement, deleteEndorsement, skillEndorsementList, userEndorsements } from '../services/endorsements.ts';
import { memberProfile } from '../services/members.ts';

const userParams = z.object({ id: z.uuid('Member not found.') });
const endorseeParams = z.object({ userId: z.uuid('Member not found.') });
const skillParams = endorseeParams.extend({ skill: z.string().trim().min(1, 'Choose a skill').max(COMMUNITY_LIMITS.skillName.max) });
const endorsementParams = z.object({ id: z.uuid('Endorsement not found.') });

/**
 * Member profiles and skill endorsements. A member is seen only where the directory lists them (404 otherwise);
 * a member endorses others' listed skills once each and removes only their own endorsements (403 for others).
 */
export const endorsementRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/users/:id', { config: { tokenScopes: ['members:read'] }, schema: { params: userParams, response: { 200: memberProfileSchema } } }, async (request) => {
      const profile = await memberProfile(ctx.db, request.user!.id, request.params.id);
      if (!profile) throw new AppError('not_found', 'Member not found.');
      return profile;
    });

    app.post('/api/skill-endorsements', { schema: { body: endorsementCreateSchema, response: { 201: endorsementSchema } } }, async (request, reply) => {
      const created = await createEndorsement(ctx.db, request.user!, request.body, ctx.now());
      return reply.code(201).send(created);
    });

    app.delete('/api/skill-endorsements/:id', { schema: { params: endorsementParams, response: { 204: z.null() } } }, async (request, reply) => {
      await deleteEndorsement(ctx.db, request.user!, request.params.id, ctx.now());
      return reply.code(204).send(null);
    });

    app.get('/api/skill-endorsements/user/:userId', { schema: { params: endorseeParams, response: { 200: userEndorsementsSchema } } }, async (request) =>
      userEndorsements(ctx.db, request.user!, request.params.userId),
    );

    app.get('/api/skill-endorsements/skill/:userId/:skill', { schema: { params: skillParams, response: { 200: skillEndorsementsSchema } } }, async (request) =>
      skillEndorsementList(ctx.db, request.user!, request.params.userId, request.params.skill),
    );

    app.get('/api/skill-endorsements/check/:userId/:skill', { schema: { params: skillParams, response: { 200: endorsementCheckSchema } } }, async (request) =>
      checkEndorsement(ctx.db, request.user!, request.params.userId, request.params.skill),
    );
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectionPageSchema,
  connectionQuerySchema,
  connectionRequestSchema,
  connectionResponseSchema,
  connectionStateSchema,
  recommendationPageSchema,
} from '../../common/schemas/member.ts';
import { onboardingSchema, onboardingUpdateSchema } from '../../common/schemas/onboarding.ts';
import type { AppContext } from '../app.ts';
import { admitConnectionRequest, listConnections, removeConnection, requestConnection, respondToConnection } from '../services/connections.ts';
import { listMembers, recommendMembers } from '../services/members.ts';
import { getOnboarding, markIntroSeen, saveOnboarding } from '../services/onboarding.ts';
import { directoryPageSchema, directoryQuerySchema, introSeenSchema } from '../../common/schemas/community.ts';

/** Member directory, recommendations, connections and the dashboard tour state. */
export const memberRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/members',
      { config: { tokenScopes: ['members:read'] }, schema: { querystring: directoryQuerySchema, response: { 200: directoryPageSchema } } },
      async (request) => {
        const { items, total, totalCapped, activePartners, page, nextCursor, prevCursor } = await listMembers(ctx.db, request.user!, request.query, ctx.now());
        return { items, total, totalCapped, page, pageSize: request.query.pageSize, nextCursor, prevCursor, activePartners };
      },
    );

    app.get('/api/members/recommendations', { schema: { response: { 200: recommendationPageSchema } } }, async (request) => {
      const items = await recommendMembers(ctx.db, request.user!, ctx.now());
      return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
    });

    app.get('/api/member-connections', { schema: { querystring: connectionQuerySchema, response: { 200: connectionPageSchema } } }, async (request) => {
      const { items, total, page, nextCursor, prevCursor } = await listConnections(ctx.db, request.user!, request.query);
      return { items, total, page, pageSize: request.query.pageSize, nextCursor, prevCursor };
    });

    app.post('/api/member-connections', { schema: { body: connectionRequestSchema, response: { 201: connectionStateSchema } } }, async (request, reply) => {
      const { receiverId, requesteeId, message } = request.body;
      await admitConnectionRequest(ctx.db, request.user!, ctx.now());
      const created = await requestConnection(ctx.db, request.user!, (receiverId ?? requesteeId)!, message, ctx.now());
      return reply.code(201).send({ id: created.id, status: 'pending' as const });
    });

    app.patch(
      '/api/member-connections/:id',
      { schema: { params: z.object({ id: z.uuid('Connection request not found.') }), body: connectionResponseSchema, response: { 200: connectionStateSchema } } },
      async (request) => {
        const updated = await respondToConnection(ctx.db, request.user!, request.params.id, request.body.status, ctx.now());
        return { id: updated.id, status: request.body.status };
      },
    );

    app.delete(
      '/api/member-connections/:id',
      { schema: { params: z.object({ id: z.uuid('Connection not found.') }), response: { 204: z.null() } } },
      async (request, reply) => {
        await removeConnection(ctx.db, request.user!, request.params.id, ctx.now());
        return reply.code(204).send(null);
      },
    );

    app.get('/api/onboarding', { schema: { response: { 200: onboardingSchema } } }, async (request) => getOnboarding(ctx.db, request.user!.id));

    app.put('/api/onboarding', { schema: { body: onboardingUpdateSchema, response: { 200: z.object({ ok: z.literal(true) }) } } }, async (request) => {
      await saveOnboarding(ctx.db, request.user!.id, request.body, ctx.now());
      return { ok: true as const };
    });

    app.post('/api/onboarding/seen', { schema: { body: introSeenSchema, response: { 200: z.object({ ok: z.literal(true) }) } } }, async (request) => {
      await markIntroSeen(ctx.db, request.user!.id, request.body.key, ctx.now());
      return { ok: true as const };
    });
  };

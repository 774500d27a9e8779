import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectionRequestSchema,
  connectionResponseSchema,
  connectionSchema,
  memberPageSchema,
  memberQuerySchema,
  onboardingSchema,
  onboardingUpdateSchema,
  recommendationSchema,
} from '../../common/schemas/member.ts';
import type { AppContext } from '../app.ts';
import { userOnboarding } from '../db/schema/index.ts';
import { listConnections, requestConnection, respondToConnection } from '../services/connections.ts';
import { listMembers, recommendMembers } from '../services/members.ts';

/** Member directory, recommendations, connections and the dashboard tour state. */
export const memberRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/members', { schema: { querystring: memberQuerySchema, response: { 200: memberPageSchema } } }, async (request) => {
    const { items, total } = await listMembers(ctx.db, request.user!.id, request.query);
    return { items, total, page: request.query.page, pageSize: request.query.pageSize };
  });

  app.get('/api/members/recommendations', { schema: { response: { 200: z.array(recommendationSchema) } } }, async (request) => recommendMembers(ctx.db, request.user!, ctx.now()));

  app.get('/api/member-connections', { schema: { response: { 200: z.array(connectionSchema) } } }, async (request) => listConnections(ctx.db, request.user!.id));

  app.post('/api/member-connections', { schema: { body: connectionRequestSchema, response: { 201: z.object({ id: z.string(), status: z.string() }) } } }, async (request, reply) => {
    const { receiverId, requesteeId, message } = request.body;
    const created = await requestConnection(ctx.db, request.user!, (receiverId ?? requesteeId)!, message, ctx.now());
    return reply.code(201).send({ id: created.id, status: created.status });
  });

  app.patch(
    '/api/member-connections/:id',
    { schema: { params: z.object({ id: z.uuid('Connection request not found.') }), body: connectionResponseSchema, response: { 200: z.object({ id: z.string(), status: z.string() }) } } },
    async (request) => {
      const updated = await respondToConnection(ctx.db, request.user!.id, request.params.id, request.body.status);
      return { id: updated.id, status: updated.status };
    },
  );

  app.get('/api/onboarding', { schema: { response: { 200: onboardingSchema } } }, async (request) => {
    const [row] = await ctx.db.select().from(userOnboarding).where(eq(userOnboarding.userId, request.user!.id));
    return {
      hasCompletedWizard: row?.hasCompletedWizard ?? false,
      currentWizardStep: row?.currentWizardStep ?? 0,
      completedWizardSteps: row?.completedWizardSteps ?? [],
      wizardCompletedAt: row?.wizardCompletedAt ? row.wizardCompletedAt.toISOString() : null,
    };
  });

  app.put('/api/onboarding', { schema: { body: onboardingUpdateSchema, response: { 200: z.object({ ok: z.literal(true) }) } } }, async (request) => {
    const now = ctx.now();
    const b = request.body;
    const values = { ...b, ...(b.hasCompletedWizard ? { wizardCompletedAt: now } : {}), lastActiveDate: now, updatedAt: now };
    await ctx.db
      .insert(userOnboarding)
      .values({ userId: request.user!.id, ...values })
      .onConflictDoUpdate({ target: userOnboarding.userId, set: { ...values, wizardCompletedAt: b.hasCompletedWizard ? sql`coalesce(${userOnboarding.wizardCompletedAt}, ${now.toISOString()}::timestamptz)` : undefined } });
    return { ok: true as const };
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPayoutRunSchema,
  markPayoutRunPaidSchema,
  partnerPayoutPageSchema,
  partnerPayoutQuerySchema,
  payoutLinePageSchema,
  payoutLineQuerySchema,
  payoutRunPageSchema,
  payoutRunQuerySchema,
  payoutRunSchema,
  payoutSettingsSchema,
} from '../../common/schemas/payouts.ts';
import type { AppContext } from '../app.ts';
import { PAYOUT_MESSAGES } from '../policies/payouts.ts';
import { getPayoutSettings, setPayoutSettings } from '../services/payout-claims.ts';
import { markPayoutRunPaid } from '../services/payout-run-paid.ts';
import { getPayoutRun, listPartnerPayouts, listPayoutLines, listPayoutRuns } from '../services/payout-run-queries.ts';
import { approvePayoutRun, cancelPayoutRun, draftPayoutRun } from '../services/payout-runs.ts';

const runParams = z.object({ id: z.uuid(PAYOUT_MESSAGES.notFound) });

/** Payout runs for administrators (draft, review, approve, mark paid, cancel; the minimum payout), and a partner's own payouts. */
export const payoutRunRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = { access: 'admin' as const };
    const adminRead = { access: 'admin' as const, tokenScopes: ['payouts:read' as const] };
    app.get('/api/admin/payout-runs', { config: adminRead, schema: { querystring: payoutRunQuerySchema, response: { 200: payoutRunPageSchema } } }, async (request) =>
      listPayoutRuns(ctx.db, request.user!, request.query),
    );

    app.post('/api/admin/payout-runs', { config: admin, schema: { body: createPayoutRunSchema, response: { 201: payoutRunSchema } } }, async (request, reply) => {
      const id = await draftPayoutRun(ctx.db, request.user!, request.body, ctx.now());
      return reply.code(201).send(await getPayoutRun(ctx.db, request.user!, id));
    });

    app.get('/api/admin/payout-runs/:id', { config: adminRead, schema: { params: runParams, response: { 200: payoutRunSchema } } }, async (request) =>
      getPayoutRun(ctx.db, request.user!, request.params.id),
    );

    app.get(
      '/api/admin/payout-runs/:id/lines',
      { config: adminRead, schema: { params: runParams, querystring: payoutLineQuerySchema, response: { 200: payoutLinePageSchema } } },
      async (request) => listPayoutLines(ctx.db, request.user!, request.params.id, request.query),
    );

    app.post('/api/admin/payout-runs/:id/approve', { config: admin, schema: { params: runParams, response: { 200: payoutRunSchema } } }, async (request) => {
      await approvePayoutRun(ctx.db, request.user!, request.params.id, ctx.now());
      return getPayoutRun(ctx.db, request.user!, request.params.id);
    });

    app.post(
      '/api/admin/payout-runs/:id/mark-paid',
      { config: admin, schema: { params: runParams, body: markPayoutRunPaidSchema, response: { 200: payoutRunSchema } } },
      async (request) => {
        // the statements are made and e-mailed by a job, one partner after another (a large run has thousands)
        await markPayoutRunPaid(ctx.db, request.user!, request.params.id, request.body, ctx.now(), ctx.jobs);
        return getPayoutRun(ctx.db, request.user!, request.params.id);
      },
    );

    app.post('/api/admin/payout-runs/:id/cancel', { config: admin, schema: { params: runParams, response: { 200: payoutRunSchema } } }, async (request) => {
      await cancelPayoutRun(ctx.db, request.user!, request.params.id, ctx.now());
      return getPayoutRun(ctx.db, request.user!, request.params.id);
    });

    app.get('/api/admin/payout-settings', { config: admin, schema: { response: { 200: payoutSettingsSchema } } }, async (request) =>
      getPayoutSettings(ctx.db, request.user!),
    );

    app.put('/api/admin/payout-settings', { config: admin, schema: { body: payoutSettingsSchema, response: { 200: payoutSettingsSchema } } }, async (request) =>
      setPayoutSettings(ctx.db, request.user!, request.body, ctx.now()),
    );

    // the partner's own payouts (lines of approved and paid runs); statements are served by the statement routes
    app.get('/api/payouts', { schema: { querystring: partnerPayoutQuerySchema, response: { 200: partnerPayoutPageSchema } } }, async (request) =>
      listPartnerPayouts(ctx.db, request.user!, request.query),
    );
  };

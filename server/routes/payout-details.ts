import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutDetailsAnswerSchema, payoutDetailsInputSchema } from '../../common/schemas/payouts.ts';
import type { AppContext } from '../app.ts';
import { getPayoutDetails, savePayoutDetails } from '../services/payout-details.ts';

/**
 * The member's own payout details (Profile Settings → Payout details): read masked, and replaced only by a session
 * that has just confirmed its owner's identity, since they decide where commission is paid.
 */
export const payoutDetailsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, config: ctx.config, mailer: ctx.mailer, now: ctx.now };

    app.get('/api/payout-details', { schema: { response: { 200: payoutDetailsAnswerSchema } } }, async (request) => getPayoutDetails(deps, request.user!));

    app.put(
      '/api/payout-details',
      { config: { reauth: true }, schema: { body: payoutDetailsInputSchema, response: { 200: payoutDetailsAnswerSchema } } },
      async (request) => savePayoutDetails(deps, request.user!, request.body),
    );
  };

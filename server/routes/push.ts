import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushKeySchema, pushSubscriptionInputSchema, pushSubscriptionStateSchema, pushUnsubscribeSchema } from '../../common/schemas/push.ts';
import type { AppContext } from '../app.ts';
import { removeSubscription, saveSubscription } from '../services/push.ts';

/**
 * Web Push for the signed-in member (approved members, the default access): the public key to subscribe with, and
 * this browser's subscription stored or forgotten. Only the caller's own subscriptions are ever removed.
 */
export const pushRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const subscriptionInput = pushSubscriptionInputSchema({ allowLoopbackHttp: ctx.config.env !== 'production' });

    app.get('/api/push/key', { schema: { response: { 200: pushKeySchema } } }, async () => ({ publicKey: ctx.config.push.publicKey }));

    app.post('/api/push/subscriptions', { schema: { body: subscriptionInput, response: { 200: pushSubscriptionStateSchema } } }, async (request) => {
      await saveSubscription(ctx.db, request.user!.id, request.body, request.headers['user-agent'], ctx.now());
      return { subscribed: true };
    });

    app.delete('/api/push/subscriptions', { schema: { body: pushUnsubscribeSchema, response: { 200: pushSubscriptionStateSchema } } }, async (request) => {
      await removeSubscription(ctx.db, request.user!.id, request.body.endpoint);
      return { subscribed: false };
    });
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pushDeviceListSchema,
  pushDeviceParams,
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionStateSchema,
  pushUnsubscribeSchema,
} from '../../common/schemas/push.ts';
import { okSchema } from '../../common/schemas/profile.ts';
import type { AppContext } from '../app.ts';
import { listDevices, removeDevice, removeSubscription, saveSubscription } from '../services/push.ts';

/**
 * Web Push for the signed-in member (approved members, the default access): the public key to subscribe with, this
 * browser's subscription stored (for this session) or forgotten, and the list of the member's devices with one
 * removed by its id. Only the caller's own subscriptions are ever listed or removed.
 */
export const pushRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // a push service on this machine stands in for the real ones in the automated tests only, never elsewhere
    const subscriptionInput = pushSubscriptionInputSchema({ allowLoopbackHttp: ctx.config.env === 'test' });

    app.get('/api/push/key', { schema: { response: { 200: pushKeySchema } } }, async () => ({ publicKey: ctx.config.push.publicKey }));

    app.post('/api/push/subscriptions', { schema: { body: subscriptionInput, response: { 200: pushSubscriptionStateSchema } } }, async (request) => {
      const who = { userId: request.user!.id, sessionId: request.sessionId! };
      await saveSubscription(ctx.db, who, request.body, request.headers['user-agent'], ctx.now());
      return { subscribed: true };
    });

    app.delete('/api/push/subscriptions', { schema: { body: pushUnsubscribeSchema, response: { 200: pushSubscriptionStateSchema } } }, async (request) => {
      await removeSubscription(ctx.db, request.user!.id, request.body.endpoint);
      return { subscribed: false };
    });

    app.get('/api/push/subscriptions', { schema: { response: { 200: pushDeviceListSchema } } }, async (request) => ({
      items: await listDevices(ctx.db, { userId: request.user!.id, sessionId: request.sessionId! }),
    }));

    app.delete('/api/push/subscriptions/:id', { schema: { params: pushDeviceParams, response: { 200: okSchema } } }, async (request) => {
      await removeDevice(ctx.db, request.user!.id, request.params.id);
      return { ok: true as const };
    });
  };

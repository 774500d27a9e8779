import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryPageSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookWithSecretSchema,
} from '../../common/schemas/webhooks.ts';
import type { AppContext } from '../app.ts';
import { WEBHOOK_MESSAGES } from '../policies/webhooks.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from '../services/webhooks.ts';

const endpointParams = z.object({ id: z.uuid(WEBHOOK_MESSAGES.notFound) });
const deliveryParams = z.object({ id: z.string().regex(/^msg_[0-9A-Za-z]{1,40}$/, WEBHOOK_MESSAGES.deliveryNotFound) });
const deliveryQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'Use the nextCursor of the previous page.')
    .optional(),
});

/**
 * Webhook endpoints (`/api/admin/webhooks`): administrators, or organisation tokens with `webhooks:manage`. Adding,
 * deleting and rotating a secret need a recent identity confirmation from a person signed in (a token's own making
 * was confirmed, so a token with the scope may do them too); the secret is answered only by adding and rotating.
 */
export const webhookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const scopes = ['webhooks:manage'] as const;
    const admin = { access: 'admin' as const, tokenScopes: scopes };
    const adminReauth = { access: 'admin' as const, reauth: true, tokenScopes: scopes };

    app.get('/api/admin/webhooks', { config: admin, schema: { response: { 200: webhookEndpointListSchema } } }, async (request) => listWebhooks(ctx.db, request.user!));
    app.post('/api/admin/webhooks', { config: adminReauth, schema: { body: createWebhookSchema, response: { 201: webhookWithSecretSchema } } }, async (request, reply) =>
      reply.code(201).send(await createWebhook(ctx, request.user!, request.body)),
    );
    app.get('/api/admin/webhooks/:id', { config: admin, schema: { params: endpointParams, response: { 200: webhookEndpointSchema } } }, async (request) =>
      getWebhook(ctx.db, request.user!, request.params.id),
    );
    app.patch(
      '/api/admin/webhooks/:id',
      { config: admin, schema: { params: endpointParams, body: updateWebhookSchema, response: { 200: webhookEndpointSchema } } },
      async (request) => updateWebhook(ctx, request.user!, request.params.id, request.body),
    );
    app.delete('/api/admin/webhooks/:id', { config: adminReauth, schema: { params: endpointParams } }, async (request, reply) => {
      await deleteWebhook(ctx, request.user!, request.params.id);
      return reply.code(204).send();
    });
    app.post(
      '/api/admin/webhooks/:id/rotate-secret',
      { config: adminReauth, schema: { params: endpointParams, response: { 200: webhookWithSecretSchema } } },
      async (request) => rotateWebhookSecret(ctx, request.user!, request.params.id),
    );
    app.post(
      '/api/admin/webhooks/:id/test',
      { config: admin, schema: { params: endpointParams, response: { 202: z.object({ deliveryId: z.string() }) } } },
      async (request, reply) => reply.code(202).send(await sendTestEvent(ctx, request.user!, request.params.id)),
    );
    app.get(
      '/api/admin/webhooks/:id/deliveries',
      { config: admin, schema: { params: endpointParams, querystring: deliveryQuery, response: { 200: webhookDeliveryPageSchema } } },
      async (request) => listDeliveries(ctx.db, request.user!, request.params.id, request.query.cursor),
    );
    app.post('/api/admin/webhooks/deliveries/:id/replay', { config: admin, schema: { params: deliveryParams } }, async (request, reply) => {
      await replayDelivery(ctx, request.user!, request.params.id);
      return reply.code(202).send();
    });
  };

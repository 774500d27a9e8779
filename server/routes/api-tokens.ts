import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiTokenListSchema, createApiTokenSchema, createdApiTokenSchema } from '../../common/schemas/api-tokens.ts';
import type { AppContext } from '../app.ts';
import { API_TOKEN_MESSAGES } from '../policies/api-tokens.ts';
import { createApiToken, listApiTokens, revokeApiToken } from '../services/api-tokens.ts';

const tokenParams = z.object({ id: z.uuid(API_TOKEN_MESSAGES.notFound) });

/**
 * API tokens: the organisation's tokens for administrators (`/api/admin/api-tokens`) and a member's own personal
 * tokens (`/api/tokens`). Making and revoking one needs a recent identity confirmation; tokens cannot manage tokens.
 */
export const apiTokenRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = { access: 'admin' as const };
    const adminReauth = { access: 'admin' as const, reauth: true };

    app.get('/api/admin/api-tokens', { config: admin, schema: { response: { 200: apiTokenListSchema } } }, async (request) =>
      listApiTokens(ctx.db, request.user!, 'organisation'),
    );
    app.post('/api/admin/api-tokens', { config: adminReauth, schema: { body: createApiTokenSchema, response: { 201: createdApiTokenSchema } } }, async (request, reply) =>
      reply.code(201).send(await createApiToken(ctx.db, request.user!, 'organisation', request.body, ctx.now())),
    );
    app.delete('/api/admin/api-tokens/:id', { config: adminReauth, schema: { params: tokenParams } }, async (request, reply) => {
      await revokeApiToken(ctx.db, request.user!, 'organisation', request.params.id, ctx.now());
      return reply.code(204).send();
    });

    app.get('/api/tokens', { schema: { response: { 200: apiTokenListSchema } } }, async (request) => listApiTokens(ctx.db, request.user!, 'personal'));
    app.post('/api/tokens', { config: { reauth: true }, schema: { body: createApiTokenSchema, response: { 201: createdApiTokenSchema } } }, async (request, reply) =>
      reply.code(201).send(await createApiToken(ctx.db, request.user!, 'personal', request.body, ctx.now())),
    );
    app.delete('/api/tokens/:id', { config: { reauth: true }, schema: { params: tokenParams } }, async (request, reply) => {
      await revokeApiToken(ctx.db, request.user!, 'personal', request.params.id, ctx.now());
      return reply.code(204).send();
    });
  };

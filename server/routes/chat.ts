import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatChannelCreateSchema,
  chatChannelMemberListSchema,
  chatChannelPageSchema,
  chatChannelParams,
  chatChannelQuerySchema,
  chatChannelSchema,
  chatMemberBodySchema,
  chatMessageCreateSchema,
  chatMessagePageSchema,
  chatMessageParams,
  chatMessageQuerySchema,
  chatMessageSchema,
  chatMessageUpdateSchema,
  chatReadSchema,
} from '../../common/schemas/chat.ts';
import type { AppContext } from '../app.ts';
import { deleteMessage, editMessage, listMessages, postMessage } from '../services/chat-messages.ts';
import {
  admitChannelCreation,
  createChannel,
  getChannel,
  inviteToChannel,
  joinChannel,
  leaveChannel,
  listChannelMembers,
  listChannels,
  markRead,
  openDirect,
} from '../services/chat.ts';

/**
 * Member chat, for approved members (the default access): group channels (public or private) and direct
 * conversations between connected members, their messages and read marks. Who may do what is in
 * server/policies/chat.ts.
 */
export const chatRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/chat/channels', { schema: { querystring: chatChannelQuerySchema, response: { 200: chatChannelPageSchema } } }, async (request) => {
      const q = request.query;
      const page = await listChannels(ctx.db, request.user!, q);
      return { page: q.page, ...page, pageSize: q.pageSize };
    });

    app.post('/api/chat/channels', { schema: { body: chatChannelCreateSchema, response: { 201: chatChannelSchema } } }, async (request, reply) => {
      await admitChannelCreation(ctx.db, request.user!, ctx.now());
      const channel = await createChannel(ctx.db, request.user!, request.body, ctx.now());
      return reply.code(201).send(channel);
    });

    app.get('/api/chat/channels/:id', { schema: { params: chatChannelParams, response: { 200: chatChannelSchema } } }, async (request) =>
      getChannel(ctx.db, request.user!, request.params.id),
    );

    app.get('/api/chat/channels/:id/members', { schema: { params: chatChannelParams, response: { 200: chatChannelMemberListSchema } } }, async (request) => ({
      items: await listChannelMembers(ctx.db, request.user!, request.params.id),
    }));

    app.post('/api/chat/channels/:id/join', { schema: { params: chatChannelParams, response: { 200: chatChannelSchema } } }, async (request) =>
      joinChannel(ctx.db, request.user!, request.params.id, ctx.now()),
    );

    app.post('/api/chat/channels/:id/leave', { schema: { params: chatChannelParams } }, async (request, reply) => {
      await leaveChannel(ctx.db, request.user!, request.params.id);
      return reply.code(204).send(null);
    });

    app.post(
      '/api/chat/channels/:id/invite',
      { schema: { params: chatChannelParams, body: chatMemberBodySchema, response: { 200: chatChannelSchema } } },
      async (request) => inviteToChannel(ctx.db, request.user!, request.params.id, request.body.userId, ctx.now()),
    );

    app.post('/api/chat/channels/:id/read', { schema: { params: chatChannelParams, response: { 200: chatReadSchema } } }, async (request) =>
      markRead(ctx.db, request.user!, request.params.id, ctx.now()),
    );

    app.get(
      '/api/chat/channels/:id/messages',
      { schema: { params: chatChannelParams, querystring: chatMessageQuerySchema, response: { 200: chatMessagePageSchema } } },
      async (request) => listMessages(ctx.db, request.user!, request.params.id, request.query),
    );

    app.post(
      '/api/chat/channels/:id/messages',
      { schema: { params: chatChannelParams, body: chatMessageCreateSchema, response: { 201: chatMessageSchema } } },
      async (request, reply) => {
        const message = await postMessage(ctx.db, request.user!, request.params.id, request.body, ctx.now());
        return reply.code(201).send(message);
      },
    );

    app.patch('/api/chat/messages/:id', { schema: { params: chatMessageParams, body: chatMessageUpdateSchema, response: { 200: chatMessageSchema } } }, async (request) =>
      editMessage(ctx.db, request.user!, request.params.id, request.body.content, ctx.now()),
    );

    app.delete('/api/chat/messages/:id', { schema: { params: chatMessageParams, response: { 200: chatMessageSchema } } }, async (request) =>
      deleteMessage(ctx.db, request.user!, request.params.id, ctx.now()),
    );

    app.post('/api/chat/direct', { schema: { body: chatMemberBodySchema, response: { 200: chatChannelSchema, 201: chatChannelSchema } } }, async (request, reply) => {
      const { channel, created } = await openDirect(ctx.db, request.user!, request.body.userId, ctx.now());
      return reply.code(created ? 201 : 200).send(channel);
    });
  };

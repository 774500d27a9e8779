import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_ATTACHMENT_ERRORS, CHAT_ATTACHMENT_LIMITS } from '../../common/constants/chat-attachments.ts';
import { AppError } from '../../common/errors.ts';
import {
  chatChannelCreateSchema,
  chatChannelMemberListSchema,
  chatChannelPageSchema,
  chatChannelParams,
  chatChannelQuerySchema,
  chatChannelSchema,
  chatMemberBodySchema,
  chatMessageCreateSchema,
  chatMessageFormSchema,
  chatMessagePageSchema,
  chatMessageParams,
  chatMessageQuerySchema,
  chatMessageSchema,
  chatMessageUpdateSchema,
  chatReadSchema,
  chatSearchPageSchema,
  chatSearchQuerySchema,
} from '../../common/schemas/chat.ts';
import type { AppContext } from '../app.ts';
import { readMultipartForm, validationError } from '../lib/multipart-form.ts';
import { dispositionName, SERVED_FILE_HEADERS } from '../lib/served-file.ts';
import { attachmentTooLarge, dropDeletedAttachment, getAttachment, postWithAttachment } from '../services/chat-attachments.ts';
import { deleteMessage, editMessage, listMessages, postMessage } from '../services/chat-messages.ts';
import { searchMessages } from '../services/chat-search.ts';
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

/** The form fields a multipart message may carry besides its `file`; anything else is refused. */
const FORM_FIELDS = new Set(['content', 'replyToId']);

/** Common headers of a served chat file: its real type only, nothing it could run, never in a shared cache. */
const FILE_HEADERS = { ...SERVED_FILE_HEADERS, 'cache-control': 'private, max-age=3600' } as const;

/**
 * Member chat, for approved members (the default access): group channels (public or private) and direct
 * conversations between connected members, their messages and read marks. Who may do what is in
 * server/policies/chat.ts.
 */
export const chatRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, storage: ctx.storage };
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

    app.get('/api/chat/search', { schema: { querystring: chatSearchQuerySchema, response: { 200: chatSearchPageSchema } } }, async (request) =>
      searchMessages(ctx.db, request.user!, request.query),
    );

    // a message as JSON, or as a multipart form with one file (multipart is understood by this route alone)
    const uploadRoutes: FastifyPluginAsyncZod = async (uploads) => {
      await uploads.register(fastifyMultipart, {
        limits: { fileSize: CHAT_ATTACHMENT_LIMITS.bytes, files: 1, fields: 4, parts: 5, fieldSize: 32 * 1024, headerPairs: 100 },
        throwFileSizeLimit: true,
      });
      uploads.post('/api/chat/channels/:id/messages', { schema: { params: chatChannelParams, response: { 201: chatMessageSchema } } }, async (request, reply) => {
        const id = request.params.id;
        if (!request.isMultipart()) {
          const parsed = chatMessageCreateSchema.safeParse(request.body ?? {});
          if (!parsed.success) throw validationError(parsed.error);
          return reply.code(201).send(await postMessage(ctx.db, request.user!, id, parsed.data, ctx.now()));
        }
        const { fields, file } = await readMultipartForm(request, { fileField: 'file', fields: FORM_FIELDS, otherFields: 'refuse', tooLarge: attachmentTooLarge });
        const parsed = chatMessageFormSchema.safeParse(fields);
        if (!parsed.success) throw validationError(parsed.error);
        const data = { content: parsed.data.content, replyToId: parsed.data.replyToId ?? null };
        if (!file) {
          const nothing = CHAT_ATTACHMENT_ERRORS.nothing;
          if (!data.content) throw new AppError('validation_failed', nothing, { issues: [{ path: 'content', message: nothing }] });
          return reply.code(201).send(await postMessage(ctx.db, request.user!, id, data, ctx.now()));
        }
        const message = await postWithAttachment(
          deps,
          request.user!,
          id,
          file,
          (attachment) => postMessage(ctx.db, request.user!, id, { ...data, attachment }, ctx.now()),
          ctx.now(),
        );
        return reply.code(201).send(message);
      });
    };
    await app.register(uploadRoutes);

    app.get('/api/chat/messages/:id/attachment', { schema: { params: chatMessageParams } }, async (request, reply) => {
      const file = await getAttachment(deps, request.user!, request.params.id);
      const pdf = file.contentType === 'application/pdf';
      return reply
        .headers({
          ...FILE_HEADERS,
          'content-type': file.contentType,
          'content-length': String(file.size),
          // an image is shown where it is; a PDF is always a download
          'content-disposition': `${pdf ? 'attachment' : 'inline'}; ${dispositionName(file.name)}`,
        })
        .send(file.stream);
    });

    app.patch('/api/chat/messages/:id', { schema: { params: chatMessageParams, body: chatMessageUpdateSchema, response: { 200: chatMessageSchema } } }, async (request) =>
      editMessage(ctx.db, request.user!, request.params.id, request.body.content, ctx.now()),
    );

    app.delete('/api/chat/messages/:id', { schema: { params: chatMessageParams, response: { 200: chatMessageSchema } } }, async (request) => {
      const message = await deleteMessage(ctx.db, request.user!, request.params.id, ctx.now());
      // its stored file goes once the deletion has committed
      await dropDeletedAttachment(deps, request.params.id);
      return message;
    });

    app.post('/api/chat/direct', { schema: { body: chatMemberBodySchema, response: { 200: chatChannelSchema, 201: chatChannelSchema } } }, async (request, reply) => {
      const { channel, created } = await openDirect(ctx.db, request.user!, request.body.userId, ctx.now());
      return reply.code(created ? 201 : 200).send(channel);
    });
  };

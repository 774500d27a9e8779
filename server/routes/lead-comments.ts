import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leadCommentCreateSchema, leadCommentEditSchema, leadCommentPageSchema, leadCommentQuerySchema, leadCommentSchema } from '../../common/schemas/lead-comments.ts';
import type { AppContext } from '../app.ts';
import { createLeadComment, deleteLeadComment, editLeadComment, listLeadComments } from '../services/lead-comments.ts';

const leadParams = z.object({ id: z.uuid('Lead not found.') });
const commentParams = z.object({ id: z.uuid('Message not found.') });

/**
 * A lead's discussion: its partner and the administrators write to each other; administrators also keep internal
 * notes there that a partner never sees. Another partner's lead is 404 (the lead policy's scope and abilities). A
 * message is edited or deleted by its author alone.
 */
export const leadCommentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/leads/:id/comments',
      { schema: { params: leadParams, querystring: leadCommentQuerySchema, response: { 200: leadCommentPageSchema } } },
      async (request) => listLeadComments(ctx.db, request.user!, request.params.id, request.query),
    );

    app.post('/api/leads/:id/comments', { schema: { params: leadParams, body: leadCommentCreateSchema, response: { 201: leadCommentSchema } } }, async (request, reply) =>
      reply.code(201).send(await createLeadComment(ctx.db, request.user!, request.params.id, request.body, ctx.now())),
    );

    app.patch('/api/lead-comments/:id', { schema: { params: commentParams, body: leadCommentEditSchema, response: { 200: leadCommentSchema } } }, async (request) =>
      editLeadComment(ctx.db, request.user!, request.params.id, request.body.content, ctx.now()),
    );

    app.delete('/api/lead-comments/:id', { schema: { params: commentParams } }, async (request, reply) => {
      await deleteLeadComment(ctx.db, request.user!, request.params.id, ctx.now());
      return reply.code(204).send();
    });
  };

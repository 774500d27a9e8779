import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postSchema } from '../../common/schemas/community.ts';
import {
  commentCreateSchema,
  commentEditSchema,
  commentPageSchema,
  commentQuerySchema,
  commentSchema,
  postEditSchema,
  reactionParamsSchema,
  reactionsAnswerSchema,
} from '../../common/schemas/conversations.ts';
import type { AppContext } from '../app.ts';
import { createComment, deleteComment, editComment, listComments } from '../services/post-comments.ts';
import { editPost } from '../services/posts.ts';
import { setReaction } from '../services/reactions.ts';

const postParams = z.object({ id: z.uuid('Post not found.') });
const commentParams = z.object({ id: z.uuid('Comment not found.') });

/**
 * The conversations of the community feed: every member reads and writes comments and replies (one level deep)
 * and reacts to posts and comments; a comment is edited by its author and deleted by its author or an
 * administrator, a post edited by its author alone (the comment and post policies' abilities).
 */
export const postCommentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/community-posts/:id/comments',
      { schema: { params: postParams, querystring: commentQuerySchema, response: { 200: commentPageSchema } } },
      async (request) => listComments(ctx.db, request.user!, request.params.id, request.query),
    );

    app.post(
      '/api/community-posts/:id/comments',
      { schema: { params: postParams, body: commentCreateSchema, response: { 201: commentSchema } } },
      async (request, reply) => reply.code(201).send(await createComment(ctx.db, request.user!, request.params.id, request.body, ctx.now())),
    );

    app.patch('/api/community-posts/:id', { schema: { params: postParams, body: postEditSchema, response: { 200: postSchema } } }, async (request) =>
      editPost(ctx.db, request.user!, request.params.id, request.body, ctx.now()),
    );

    app.patch('/api/comments/:id', { schema: { params: commentParams, body: commentEditSchema, response: { 200: commentSchema } } }, async (request) =>
      editComment(ctx.db, request.user!, request.params.id, request.body.content, ctx.now()),
    );

    app.delete('/api/comments/:id', { schema: { params: commentParams } }, async (request, reply) => {
      await deleteComment(ctx.db, request.user!, request.params.id, ctx.now());
      return reply.code(204).send();
    });

    for (const [kind, url] of [
      ['post', '/api/community-posts/:id/reactions/:emoji'],
      ['comment', '/api/comments/:id/reactions/:emoji'],
    ] as const) {
      const opts = { schema: { params: reactionParamsSchema, response: { 200: reactionsAnswerSchema } } };
      app.put(url, opts, async (request) => ({
        reactions: await setReaction(ctx.db, request.user!, kind, request.params.id, request.params.emoji, true, ctx.now()),
      }));
      app.delete(url, opts, async (request) => ({
        reactions: await setReaction(ctx.db, request.user!, kind, request.params.id, request.params.emoji, false, ctx.now()),
      }));
    }
  };

import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMUNITY_LIMITS } from '../../common/constants/community.ts';
import { AppError } from '../../common/errors.ts';
import { postCreateSchema, postPageSchema, postQuerySchema, postSchema } from '../../common/schemas/community.ts';
import type { AppContext } from '../app.ts';
import { readMultipartForm, validationError } from '../lib/multipart-form.ts';
import { SERVED_FILE_HEADERS } from '../lib/served-file.ts';
import { contentTypeOfKey, imageTooLarge } from '../lib/images.ts';
import { admitPosting, createPost, deletePost, getPost, getPostImageKey, listPosts, setPinned, type NewPost } from '../services/posts.ts';

const idParams = z.object({ id: z.uuid('Post not found.') });
const linkParams = z.object({ id: z.string() });

/** The form fields a multipart post may carry besides its `image`; anything else is refused. */
const FORM_FIELDS = new Set(['title', 'content', 'category']);

/**
 * Community feed: every member reads it and posts to it (with an optional image, served only to members);
 * one post is read alone (the link a notification gives); a post is deleted by its author or an administrator (the
 * post policy's `can.delete`) and pinned by an administrator. A post hidden by a moderator is read only by its
 * author and the administrators.
 */
export const communityPostRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, storage: ctx.storage };
    // multipart is understood by these routes alone; the rest of the API speaks JSON only
    await app.register(fastifyMultipart, {
      limits: { fileSize: COMMUNITY_LIMITS.postImageBytes, files: 1, fields: 10, parts: 12, fieldSize: 32 * 1024, headerPairs: 100 },
      throwFileSizeLimit: true,
    });

    app.get('/api/community-posts', { schema: { querystring: postQuerySchema, response: { 200: postPageSchema } } }, async (request) => {
      const q = request.query;
      const { items, pinned, total, page, nextCursor, prevCursor } = await listPosts(ctx.db, request.user!, q, ctx.now());
      return { items, pinned, total, page, pageSize: q.pageSize, nextCursor, prevCursor };
    });

    // one post as the feed shows it: where a notification's link to the post leads. A link whose id is mangled
    // leads nowhere, so it reads as a post that is not there (404), not as a form error.
    app.get('/api/community-posts/:id', { schema: { params: linkParams, response: { 200: postSchema } } }, async (request) => {
      const id = idParams.shape.id.safeParse(request.params.id);
      if (!id.success) throw new AppError('not_found', 'Post not found.');
      return getPost(ctx.db, request.user!, id.data);
    });

    app.post('/api/community-posts', { schema: { response: { 201: postSchema } } }, async (request, reply) => {
      const user = request.user!;
      // the limit is checked first: a refused member's upload is never read or decoded
      await admitPosting(ctx.db, user, ctx.now());
      let fields: unknown = request.body;
      let image: Buffer | null = null;
      if (request.isMultipart()) {
        const form = await readMultipartForm(request, { fileField: 'image', fields: FORM_FIELDS, tooLarge: imageTooLarge });
        fields = form.fields;
        image = form.file?.bytes ?? null;
      }
      const parsed = postCreateSchema.safeParse(fields ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      const data: NewPost = { ...parsed.data, image };
      const post = await createPost(deps, user, data, ctx.now());
      return reply.code(201).send(post);
    });

    app.get('/api/community-posts/:id/image', { schema: { params: idParams } }, async (request, reply) => {
      const key = await getPostImageKey(ctx.db, request.user!, request.params.id);
      const type = contentTypeOfKey(key);
      const file = type ? await ctx.storage.get(key) : null;
      if (!type || !file) throw new AppError('not_found', 'Image not found.');
      return reply
        .headers({
          'content-type': type,
          'content-length': String(file.size),
          'content-disposition': 'inline',
          ...SERVED_FILE_HEADERS,
          // members only: the browser may keep it, shared caches never
          'cache-control': 'private, max-age=3600',
        })
        .send(file.stream);
    });

    // an administrator pins a post to the top of the whole feed, or unpins it (the post policy's `can.pin`)
    for (const [url, pinned] of [
      ['/api/community-posts/:id/pin', true],
      ['/api/community-posts/:id/unpin', false],
    ] as const) {
      app.post(url, { config: { access: 'admin' }, schema: { params: idParams, response: { 200: postSchema } } }, async (request) =>
        setPinned(ctx.db, request.user!, request.params.id, pinned, ctx.now()),
      );
    }

    app.delete('/api/community-posts/:id', { schema: { params: idParams } }, async (request, reply) => {
      await deletePost(deps, request.user!, request.params.id, ctx.now());
      return reply.code(204).send();
    });
  };

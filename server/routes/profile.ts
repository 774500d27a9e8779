import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../common/errors.ts';
import { okSchema, passwordChangeSchema, PROFILE_LIMITS, profileUpdateSchema } from '../../common/schemas/profile.ts';
import { userEnvelopeSchema } from '../../common/schemas/user.ts';
import type { AppContext } from '../app.ts';
import { CV_FORMATS } from '../lib/documents.ts';
import { imageTooLarge } from '../lib/images.ts';
import { readMultipartForm } from '../lib/multipart-form.ts';
import { mailLinkOrigin } from '../lib/request-target.ts';
import { SERVED_FILE_HEADERS } from '../lib/served-file.ts';
import { presentCurrentUser } from '../presenters/user.ts';
import { changePassword, updateProfile } from '../services/profile.ts';
import { admitUpload, cvTooLarge, getCv, getProfilePicture, setCv, setProfilePicture } from '../services/profile-files.ts';

const userParams = z.object({ id: z.uuid('Not found.') });
const pictureQuery = z.object({
  size: z.enum(['64', '256', '512'], { error: 'Size must be 64, 256 or 512' }).default('256'),
  v: z.string().max(100).optional(),
});

/**
 * Reads the one file of an upload form, buffered up to `maxBytes` (one byte more and the upload is refused with
 * 413 as it streams, before it is all read). Text fields are ignored; any other file is refused.
 */
async function readUpload(request: FastifyRequest, field: string, maxBytes: number, tooLarge: () => AppError): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', `Send the file as multipart/form-data in the field "${field}".`);
  const { file } = await readMultipartForm(request, { fileField: field, maxBytes, tooLarge, oneFileMessage: `Send one file, in the field "${field}".` });
  if (!file || file.bytes.length === 0)
    throw new AppError('validation_failed', 'Please choose a file to upload.', { issues: [{ path: field, message: 'Please choose a file to upload.' }] });
  return file.bytes;
}

/**
 * Profile settings: the owner's profile and password (JSON), their picture and CV (multipart uploads), and the
 * routes that serve those files. Every route is for approved members; the files to the readers their policy allows.
 */
export const profileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, config: ctx.config, mailer: ctx.mailer, now: ctx.now, storage: ctx.storage };

    app.patch('/api/auth/profile', { schema: { body: profileUpdateSchema, response: { 200: userEnvelopeSchema } } }, async (request) => {
      const user = await updateProfile(
        { ...deps, log: request.log },
        request.user!,
        request.sessionId,
        request.body,
        mailLinkOrigin(ctx.config.publicUrl, request),
        request.ip,
      );
      return { user: presentCurrentUser(user, request.security!, request.sessionId) };
    });

    app.patch('/api/auth/password', { schema: { body: passwordChangeSchema, response: { 200: okSchema } } }, async (request) => {
      try {
        await changePassword(deps, request.user!, request.sessionId, request.ip, request.body);
      } catch (err) {
        if (err instanceof AppError && (err.code === 'validation_failed' || err.code === 'rate_limited')) {
          request.log.warn({ userId: request.user!.id, ip: request.ip, route: request.url }, 'password change refused');
        }
        throw err;
      }
      request.log.info({ userId: request.user!.id }, 'password changed; other sessions ended');
      return { ok: true as const };
    });

    app.get('/api/users/:id/picture', { schema: { params: userParams, querystring: pictureQuery } }, async (request, reply) => {
      const size = Number(request.query.size) as 64 | 256 | 512;
      const file = await getProfilePicture(deps, request.user!, request.params.id, size, request.query.v);
      return reply
        .headers({
          ...SERVED_FILE_HEADERS,
          'content-type': 'image/webp',
          'content-length': String(file.size),
          'content-disposition': 'inline',
          // a versioned address never changes what it shows: the browser keeps it; any other is checked each time
          'cache-control': file.current ? 'private, max-age=31536000, immutable' : 'private, no-cache',
        })
        .send(file.stream);
    });

    app.get('/api/users/:id/cv', { schema: { params: userParams, querystring: z.object({ v: z.string().max(100).optional() }) } }, async (request, reply) => {
      const file = await getCv(deps, request.user!, request.params.id);
      const format = CV_FORMATS[file.type];
      return reply
        .headers({
          ...SERVED_FILE_HEADERS,
          'content-type': format.contentType,
          'content-length': String(file.size),
          // always a download, under a name of our making
          'content-disposition': `attachment; filename="cv.${format.extension}"`,
        })
        .send(file.stream);
    });

    // multipart is understood by the two upload routes alone; the rest of the API speaks JSON only
    await app.register(async (uploads) => {
      await uploads.register(fastifyMultipart, {
        limits: { fileSize: PROFILE_LIMITS.cvBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 100 },
        throwFileSizeLimit: true,
      });

      uploads.post('/api/auth/upload-profile-picture', { schema: { response: { 200: userEnvelopeSchema } } }, async (request) => {
        await admitUpload(ctx.db, request.user!.id, ctx.now());
        const bytes = await readUpload(request, 'profilePicture', PROFILE_LIMITS.pictureBytes, () => imageTooLarge('profilePicture'));
        const user = await setProfilePicture(deps, request.user!, bytes);
        return { user: presentCurrentUser(user, request.security!, request.sessionId) };
      });

      uploads.post('/api/auth/upload-cv', { schema: { response: { 200: userEnvelopeSchema } } }, async (request) => {
        await admitUpload(ctx.db, request.user!.id, ctx.now());
        const bytes = await readUpload(request, 'cv', PROFILE_LIMITS.cvBytes, cvTooLarge);
        const user = await setCv(deps, request.user!, bytes);
        return { user: presentCurrentUser(user, request.security!, request.sessionId) };
      });
    });
  };

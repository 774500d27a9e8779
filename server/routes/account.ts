import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDeletionPageSchema,
  adminDeletionQuerySchema,
  dataExportListSchema,
  dataExportParams,
  dataExportSchema,
  deletionDecisionSchema,
  deletionParams,
  deletionRequestCreateSchema,
  deletionRequestEnvelopeSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
} from '../../common/schemas/account.ts';
import type { AppContext } from '../app.ts';
import { SERVED_FILE_HEADERS } from '../lib/served-file.ts';
import { canRequestDeletion } from '../policies/account.ts';
import { cancelDeletion, confirmDeletion, declineDeletion, getDeletionRequest, listPendingDeletions, requestDeletion } from '../services/account-deletion.ts';
import { listExports, openExport, presentExport, requestExport } from '../services/data-exports.ts';
import { getNotificationPreferences, setNotificationPreferences } from '../services/notification-preferences.ts';

const ok = z.object({ ok: z.literal(true) });
const admin = { access: 'admin' as const };

/**
 * The member's own account: e-mail notification preferences, data exports (built by a background job, then
 * downloadable by their owner alone for 24 hours) and the request to delete the account, with the admins' side
 * of that request.
 */
export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/notification-preferences', { schema: { response: { 200: notificationPreferencesSchema } } }, async (request) =>
      getNotificationPreferences(ctx.db, request.user!),
    );

    app.put(
      '/api/notification-preferences',
      { schema: { body: notificationPreferencesUpdateSchema, response: { 200: notificationPreferencesSchema } } },
      async (request) => setNotificationPreferences(ctx.db, request.user!, request.body, ctx.now()),
    );

    app.get('/api/data-exports', { schema: { response: { 200: dataExportListSchema } } }, async (request) => listExports(ctx, request.user!.id, ctx.now()));

    // 202: a new export was started; 200: the one already being prepared is answered instead
    app.post('/api/data-exports', { config: { reauth: true }, schema: { response: { 200: dataExportSchema, 202: dataExportSchema } } }, async (request, reply) => {
      const { row, created } = await requestExport(ctx.db, request.user!.id, ctx.now(), ctx.jobs);
      if (created) request.log.info({ userId: request.user!.id, exportId: row.id }, 'data export requested');
      return reply.code(created ? 202 : 200).send(presentExport(row, ctx.now()));
    });

    app.get('/api/data-exports/:id/download', { schema: { params: dataExportParams } }, async (request, reply) => {
      const file = await openExport(ctx, request.user!.id, request.params.id, ctx.now());
      const day = file.createdAt.toISOString().slice(0, 10);
      return reply
        .headers({
          'content-type': 'application/zip',
          'content-length': String(file.size),
          'content-disposition': `attachment; filename="data-export-${day}.zip"`,
          ...SERVED_FILE_HEADERS,
          'cache-control': 'private, no-store',
        })
        .send(file.stream);
    });

    app.get('/api/account-deletion-request', { schema: { response: { 200: deletionRequestEnvelopeSchema } } }, async (request) => ({
      request: await getDeletionRequest(ctx.db, request.user!.id),
      canRequest: canRequestDeletion(request.user!),
    }));

    app.post(
      '/api/account-deletion-request',
      { config: { reauth: true }, schema: { body: deletionRequestCreateSchema, response: { 201: deletionRequestEnvelopeSchema } } },
      async (request, reply) => {
        const created = await requestDeletion(ctx.db, request.user!, request.body, ctx.now());
        request.log.info({ userId: request.user!.id }, 'account deletion requested');
        return reply.code(201).send({ request: created, canRequest: canRequestDeletion(request.user!) });
      },
    );

    app.delete('/api/account-deletion-request', { schema: { response: { 200: deletionRequestEnvelopeSchema } } }, async (request) => ({
      request: await cancelDeletion(ctx.db, request.user!.id, ctx.now()),
      canRequest: canRequestDeletion(request.user!),
    }));

    app.get(
      '/api/admin/account-deletion-requests',
      { config: admin, schema: { querystring: adminDeletionQuerySchema, response: { 200: adminDeletionPageSchema } } },
      async (request) => {
        const { items, total, page, nextCursor, prevCursor } = await listPendingDeletions(ctx.db, request.user!, request.query);
        return { items, total, page, pageSize: request.query.pageSize, nextCursor, prevCursor };
      },
    );

    const deletionDeps = { db: ctx.db, storage: ctx.storage, mailer: ctx.mailer, brandName: ctx.config.brandName, log: app.log };

    app.post(
      '/api/admin/account-deletion-requests/:id/confirm',
      { config: admin, schema: { params: deletionParams, body: deletionDecisionSchema, response: { 200: ok } } },
      async (request) => {
        await confirmDeletion(deletionDeps, request.user!, request.params.id, request.body.note, ctx.now());
        request.log.info({ actorId: request.user!.id, requestId: request.params.id }, 'account deletion confirmed; account anonymised');
        return { ok: true as const };
      },
    );

    app.post(
      '/api/admin/account-deletion-requests/:id/decline',
      { config: admin, schema: { params: deletionParams, body: deletionDecisionSchema, response: { 200: ok } } },
      async (request) => {
        await declineDeletion(deletionDeps, request.user!, request.params.id, request.body.note, ctx.now());
        return { ok: true as const };
      },
    );
  };

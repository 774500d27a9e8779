import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOverviewSchema,
  adminUserExportQuerySchema,
  adminUserPageSchema,
  adminUserQuerySchema,
  adminUserSchema,
  adminUserUpdateSchema,
  auditActorsSchema,
  auditExportQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  userRoleChangeSchema,
  userStatusSchema,
} from '../../common/schemas/admin.ts';
import type { AppContext } from '../app.ts';
import { adminOverview, changeUserRole, listUsers, removeUser, setUserActive, updateUserProfile } from '../services/admin-users.ts';
import { auditActors, listAudit } from '../services/audit.ts';
import { auditCsv, auditCsvFilename } from '../services/audit-export.ts';
import { textStream } from '../lib/stream-pages.ts';
import { userCsv, userCsvFilename } from '../services/user-export.ts';

const idParams = z.object({ id: z.uuid('User not found.') });
const ok = z.object({ ok: z.literal(true) });
const admin = { access: 'admin' as const };

/**
 * User Management, the overview and the audit log of the Admin Panel; admin and master-admin only. Who may
 * act on which account is the user policy's decision (only a master-admin acts on admins).
 */
export const adminUserRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/users', { config: admin, schema: { querystring: adminUserQuerySchema, response: { 200: adminUserPageSchema } } }, async (request) => {
      const { items, total, totalCapped, page, nextCursor, prevCursor } = await listUsers(ctx.db, request.user!, request.query);
      return { items, total, totalCapped, page, pageSize: request.query.pageSize, nextCursor, prevCursor };
    });

    // the member list with the screen's filters, streamed a page at a time (server/services/user-export.ts)
    app.get('/api/users.csv', { config: admin, schema: { querystring: adminUserExportQuerySchema } }, async (request, reply) => {
      const lines = await userCsv(ctx.db, request.user!, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${userCsvFilename(request.query, ctx.now())}"`)
        .send(textStream(lines));
    });

    app.patch('/api/users/:id', { config: admin, schema: { params: idParams, body: adminUserUpdateSchema, response: { 200: adminUserSchema } } }, async (request) =>
      updateUserProfile({ db: ctx.db, config: ctx.config, mailer: ctx.mailer, now: ctx.now, log: request.log }, request.user!, request.params.id, request.body),
    );

    app.patch('/api/users/:id/role', { config: admin, schema: { params: idParams, body: userRoleChangeSchema, response: { 200: adminUserSchema } } }, async (request) =>
      changeUserRole(ctx.db, request.user!, request.params.id, request.body.role, ctx.now()),
    );

    app.patch('/api/users/:id/status', { config: admin, schema: { params: idParams, body: userStatusSchema, response: { 200: ok } } }, async (request) => {
      await setUserActive(ctx.db, request.user!, request.params.id, request.body.isActive);
      return { ok: true as const };
    });

    app.delete('/api/users/:id', { config: admin, schema: { params: idParams, response: { 200: ok } } }, async (request) => {
      await removeUser(ctx.db, request.user!, request.params.id, ctx.now());
      return { ok: true as const };
    });

    app.get('/api/admin/overview', { config: admin, schema: { response: { 200: adminOverviewSchema } } }, async () => adminOverview(ctx.db));

    app.get('/api/admin/audit-log', { config: admin, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } }, async (request) => {
      const { items, total, page, nextCursor, prevCursor } = await listAudit(ctx.db, request.query);
      return { items, total, page, pageSize: request.query.pageSize, nextCursor, prevCursor };
    });

    // the log with the screen's filters, in its words, streamed a page at a time (server/services/audit-export.ts)
    app.get('/api/admin/audit-log.csv', { config: admin, schema: { querystring: auditExportQuerySchema } }, async (request, reply) => {
      const lines = await auditCsv(ctx.db, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${auditCsvFilename(ctx.now())}"`)
        .send(textStream(lines));
    });

    // whom the log's actor filter offers: everyone with an entry
    app.get('/api/admin/audit-log/actors', { config: admin, schema: { response: { 200: auditActorsSchema } } }, async () => auditActors(ctx.db));
  };

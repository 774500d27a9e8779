import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOverviewSchema, adminUserPageSchema, adminUserQuerySchema, auditPageSchema, auditQuerySchema, userStatusSchema } from '../../common/schemas/admin.ts';
import type { AppContext } from '../app.ts';
import { adminOverview, listUsers, removeUser, setUserActive } from '../services/admin-users.ts';
import { listAudit } from '../services/audit.ts';

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
      const { items, total } = await listUsers(ctx.db, request.user!, request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    });

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
      const { items, total } = await listAudit(ctx.db, request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    });
  };

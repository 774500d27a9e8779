import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserPageSchema, adminUserQuerySchema, auditEntrySchema, userStatusSchema } from '../../common/schemas/member.ts';
import type { AppContext } from '../app.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { adminOverview, listUsers, removeUser, setUserActive } from '../services/admin-users.ts';

const idParams = z.object({ id: z.uuid('User not found.') });
const ok = z.object({ ok: z.literal(true) });
const admin = { access: 'admin' as const };

/** User Management, the overview and the audit log of the Admin Panel; admin and master-admin only. */
export const adminUserRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/users', { config: admin, schema: { querystring: adminUserQuerySchema, response: { 200: adminUserPageSchema } } }, async (request) => {
    const { items, total } = await listUsers(ctx.db, request.query);
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

  app.get(
    '/api/admin/overview',
    {
      config: admin,
      schema: {
        response: {
          200: z.object({
            partners: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), company: z.string().nullable(), totalLeads: z.number(), successfulLeads: z.number(), totalCommission: z.number() })),
            recentActivity: z.array(z.object({ id: z.string(), activity: z.string(), companyName: z.string(), userName: z.string().nullable(), createdAt: z.string() })),
          }),
        },
      },
    },
    async () => adminOverview(ctx.db),
  );

  app.get(
    '/api/admin/audit-log',
    { config: admin, schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50), offset: z.coerce.number().int().min(0).default(0) }), response: { 200: z.array(auditEntrySchema) } } },
    async (request) => {
      const rows = await ctx.db
        .select({
          a: auditLog,
          actorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
          // what the entry is about, readable: the person, the lead's company (a deleted lead's from its record)
          entityLabel: sql<string | null>`case ${auditLog.entityType}
            when 'user' then (select t.first_name || ' ' || t.last_name from users t where t.id::text = ${auditLog.entityId})
            when 'lead' then coalesce((select l.company_name from leads l where l.id::text = ${auditLog.entityId}), ${auditLog.before} ->> 'companyName')
            when 'commission' then (select l.company_name || ' (' || p.first_name || ' ' || p.last_name || ')' from commissions c join leads l on l.id = c.lead_id join users p on p.id = c.partner_id where c.id::text = ${auditLog.entityId})
          end`,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(request.query.limit)
        .offset(request.query.offset);
      return rows.map((r) => ({ id: r.a.id, actorName: r.actorName, entityLabel: r.entityLabel, action: r.a.action, entityType: r.a.entityType, entityId: r.a.entityId, before: r.a.before, after: r.a.after, createdAt: r.a.createdAt.toISOString() }));
    },
  );
};

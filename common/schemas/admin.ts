import { z } from 'zod';
import { userAbilitiesSchema } from './abilities.ts';
import { instantSchema, moneySchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';

/** A user as the admin User Management screen reads them, with referral figures and what the viewer may do. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  location: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: z.string(),
  isActive: z.boolean(),
  accountStatus: z.string(),
  membershipTier: z.string(),
  createdAt: instantSchema,
  approvedAt: instantSchema.nullable(),
  totalLeads: z.number(),
  successfulLeads: z.number(),
  totalCommission: moneySchema,
  can: userAbilitiesSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserQuerySchema = pageQuery(25).extend({ search: z.string().trim().max(100).optional() });
export const adminUserPageSchema = pageOf(adminUserSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const userStatusSchema = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) }).strict();

/** The Admin Panel overview: the five partners with most referrals and the five latest lead events. */
export const adminOverviewSchema = z.object({
  partners: z.array(
    z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      company: z.string().nullable(),
      totalLeads: z.number(),
      successfulLeads: z.number(),
      totalCommission: moneySchema,
    }),
  ),
  recentActivity: z.array(z.object({ id: z.string(), activity: z.string(), companyName: z.string(), userName: z.string().nullable(), createdAt: instantSchema })),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actorName: z.string().nullable(),
  /** The person or company the entry is about, when it can still be named. */
  entityLabel: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: instantSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = pageQuery(50);
export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/** An e-mail the product sent or kept (the outbox when no SMTP server is configured). */
export const outboxItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  transport: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  createdAt: instantSchema,
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;
export const outboxQuerySchema = pageQuery(50);
export const outboxPageSchema = pageOf(outboxItemSchema);
export type OutboxPage = z.infer<typeof outboxPageSchema>;

import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntityType } from '../audit/index.ts';
import { ROLES } from '../constants/options.ts';
import { MEMBER_STATUSES } from '../rules/member-status.ts';
import { userAbilitiesSchema } from './abilities.ts';
import { instantSchema, moneySchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';
import { profileUpdateSchema } from './profile.ts';

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
  /** The one status shown for the account (`memberStatus` in common/rules/member-status.ts). */
  status: z.enum(MEMBER_STATUSES),
  emailVerified: z.boolean(),
  bio: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  website: z.string().nullable(),
  expertise: z.array(z.string()),
  industries: z.array(z.string()),
  membershipTier: z.string(),
  createdAt: instantSchema,
  approvedAt: instantSchema.nullable(),
  totalLeads: z.number(),
  successfulLeads: z.number(),
  totalCommission: moneySchema,
  can: userAbilitiesSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * The filters of User Management, shared by the list and its CSV: a search over name, username, e-mail and
 * company, a role and a status. Without a status, removed and anonymised accounts are left out.
 */
const adminUserFilters = {
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  role: z.enum(ROLES, { error: 'Choose partner, admin or master-admin' }).optional(),
  status: z.enum(MEMBER_STATUSES, { error: 'Choose a status' }).optional(),
};
export const adminUserQuerySchema = pageQuery(25).extend(adminUserFilters);
export type AdminUserQuery = z.output<typeof adminUserQuerySchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;
/** GET /api/users.csv: the same filters as the list, every page. */
export const adminUserExportQuerySchema = z.object(adminUserFilters).strict();
export type AdminUserExportQuery = z.output<typeof adminUserExportQuerySchema>;

/**
 * PATCH /api/users/{id}: an administrator corrects a member's profile with the fields and messages of the member's
 * own Profile Settings, each optional (left out stays as it is, empty clears it). Whether the member shows in the
 * directory stays the member's own choice. A changed e-mail address is unverified until its owner confirms it.
 */
// The e-mail address is not among them: it is where a password reset link goes, so only its owner changes it
// (from Profile Settings, after confirming it is them); an administrator who could set it could take the account.
export const adminUserUpdateSchema = profileUpdateSchema
  .omit({ availableForNetworking: true, email: true })
  .partial()
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Change at least one field');
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateSchema>;
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;

/** The roles PATCH /api/users/{id}/role grants; master-admin is never granted through the API. */
export const ASSIGNABLE_ROLES = ['partner', 'admin'] as const;
export const userRoleChangeSchema = z.object({ role: z.enum(ASSIGNABLE_ROLES, { error: 'Choose partner or admin' }) }).strict();
export type UserRoleChange = z.infer<typeof userRoleChangeSchema>;

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

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day (YYYY-MM-DD) that exists; the audit log reads it as that day in UK time. */
const auditDay = (what: string) =>
  z
    .string()
    .regex(isoDay, `${what} must be a date (YYYY-MM-DD)`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${what} must be a real date`);

/**
 * The filters of the audit log, shared by the list and its CSV: an action and a record type from the audit
 * vocabulary (`common/audit/`), the administrator who acted, a range of days (from and to, both included, UK time)
 * and a search over the actor's name and the name of the record the entry is about. Empty values count as absent,
 * so a form can send what it holds.
 */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const auditFilters = {
  action: z.preprocess(blankToUndefined, z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]], { error: 'Choose an action from the list' }).optional()),
  entityType: z.preprocess(
    blankToUndefined,
    z.enum(Object.keys(AUDIT_ENTITIES) as [AuditEntityType, ...AuditEntityType[]], { error: 'Choose a record type from the list' }).optional(),
  ),
  actorId: z.preprocess(blankToUndefined, z.uuid('Choose an administrator from the list').optional()),
  from: z.preprocess(blankToUndefined, auditDay('From').optional()),
  to: z.preprocess(blankToUndefined, auditDay('To').optional()),
  search: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Search must be at most 100 characters').optional()),
};
const fromNotAfterTo = (q: { from?: string; to?: string }) => !(q.from && q.to && q.from > q.to);
const RANGE_ISSUE = { message: 'The start date must be on or before the end date', path: ['to'] };
export const auditQuerySchema = pageQuery(50).extend(auditFilters).refine(fromNotAfterTo, RANGE_ISSUE);
export type AuditQuery = z.output<typeof auditQuerySchema>;
/** GET /api/admin/audit-log.csv: the same filters as the list, every page. */
export const auditExportQuerySchema = z.object(auditFilters).strict().refine(fromNotAfterTo, RANGE_ISSUE);
export type AuditFilter = z.output<typeof auditExportQuerySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
/** The people the audit log's actor filter offers: everyone who has an entry in it, by name. */
export const auditActorsSchema = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });
export type AuditActors = z.infer<typeof auditActorsSchema>;

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

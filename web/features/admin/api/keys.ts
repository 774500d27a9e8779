import type { CommissionStatus } from '../../../../common/constants/leads.ts';
import type { Role } from '../../../../common/constants/options.ts';
import type { MemberStatus } from '../../../../common/rules/member-status.ts';
import type { PagePosition } from '../../../lib/paging.ts';

/** The payout run's filters: a London month ("2026-11", or '' for every month) and a status ('' for all). */
export interface CommissionFilter {
  month: string;
  status: CommissionStatus | '';
}

/** User Management's filters: the search text, a role and a status ('' for any). */
export interface UserFilter {
  search: string;
  role: Role | '';
  status: MemberStatus | '';
}

/** The audit log's filters, as the address holds them ('' for any): action, record type, actor, days from and to (UK), search text. */
export interface AuditFilter {
  action: string;
  entityType: string;
  actorId: string;
  from: string;
  to: string;
  search: string;
}

/** A page of a list read in key order, as asked: its number and size, and the cursor that found it (if any). */
export type PageAsked = PagePosition & { pageSize: number };

/** A page's part of a query key in one canonical form, so the same page is one cache entry however it was asked for. */
export const pageKey = ({ page, pageSize, after, before }: PageAsked) => ({ page, pageSize, after: after ?? null, before: before ?? null });

/**
 * The query keys of the Admin Panel (first element: the endpoint's path). Paged lists live under their `…All`
 * key, one entry per page and filter.
 */
export const adminKeys = {
  overview: ['/api/admin/overview'] as const,
  outboxAll: ['/api/admin/outbox'] as const,
  outbox: (p: PageAsked) => ['/api/admin/outbox', pageKey(p)] as const,
  /** The background work: every queue's counts and the failed jobs. */
  jobs: ['/api/admin/jobs'] as const,
  /** The same answer the application review screen reads. */
  applicationStats: ['/api/admin/application-stats'] as const,
  usersAll: ['/api/users'] as const,
  users: ({ search, role, status, ...p }: UserFilter & PageAsked) => ['/api/users', { search, role, status, ...pageKey(p) }] as const,
  commissionsAll: ['/api/admin/commissions'] as const,
  commissions: ({ month, status, order, ...p }: CommissionFilter & { order: 'newest' | 'oldest' } & PageAsked) =>
    ['/api/admin/commissions', { month, status, order, ...pageKey(p) }] as const,
  auditAll: ['/api/admin/audit-log'] as const,
  audit: ({ action = '', entityType = '', actorId = '', from = '', to = '', search = '', ...p }: Partial<AuditFilter> & PageAsked) =>
    ['/api/admin/audit-log', { action, entityType, actorId, from, to, search, ...pageKey(p) }] as const,
  /** Whom the audit log's actor filter offers (read once a visit: a new name joins it rarely). */
  auditActors: ['/api/admin/audit-log/actors'] as const,
  securitySettings: ['/api/admin/settings/security'] as const,
};

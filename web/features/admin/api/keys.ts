import type { CommissionStatus } from '../../../../common/constants/leads.ts';
import type { Role } from '../../../../common/constants/options.ts';
import type { MemberStatus } from '../../../../common/rules/member-status.ts';

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

/**
 * The query keys of the Admin Panel (first element: the endpoint's path). Paged lists live under their `…All`
 * key, one entry per page and filter.
 */
export const adminKeys = {
  overview: ['/api/admin/overview'] as const,
  outboxAll: ['/api/admin/outbox'] as const,
  outbox: (p: { page: number; pageSize: number }) => ['/api/admin/outbox', p] as const,
  /** The same answer the application review screen reads. */
  applicationStats: ['/api/admin/application-stats'] as const,
  usersAll: ['/api/users'] as const,
  users: (p: UserFilter & { page: number; pageSize: number }) => ['/api/users', p] as const,
  commissionsAll: ['/api/admin/commissions'] as const,
  commissions: (p: CommissionFilter & { order: 'newest' | 'oldest'; page: number; pageSize: number }) => ['/api/admin/commissions', p] as const,
  auditAll: ['/api/admin/audit-log'] as const,
  audit: (p: { page: number; pageSize: number }) => ['/api/admin/audit-log', p] as const,
  securitySettings: ['/api/admin/settings/security'] as const,
};

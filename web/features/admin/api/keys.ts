import type { CommissionStatus } from '../../../../common/constants/leads.ts';

/** The payout run's filters: a London month ("2026-11", or '' for every month) and a status ('' for all). */
export interface CommissionFilter {
  month: string;
  status: CommissionStatus | '';
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
  users: (p: { search: string; page: number; pageSize: number }) => ['/api/users', p] as const,
  commissionsAll: ['/api/admin/commissions'] as const,
  commissions: (p: CommissionFilter & { page: number; pageSize: number }) => ['/api/admin/commissions', p] as const,
  auditAll: ['/api/admin/audit-log'] as const,
  audit: (p: { page: number; pageSize: number }) => ['/api/admin/audit-log', p] as const,
  securitySettings: ['/api/admin/settings/security'] as const,
};

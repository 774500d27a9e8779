import type { PagePosition } from '../../../lib/paging.ts';

/** The query keys of application review (first element: the endpoint's path). */
export const applicationKeys = {
  /** Every cached page of the pending list. */
  pendingAll: ['/api/admin/pending-applications'] as const,
  pending: (p: PagePosition & { pageSize: number }) =>
    ['/api/admin/pending-applications', { page: p.page, pageSize: p.pageSize, after: p.after ?? null, before: p.before ?? null }] as const,
  /** The four summary cards (the Admin Panel's application summary reads the same answer). */
  stats: ['/api/admin/application-stats'] as const,
};

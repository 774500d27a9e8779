/** The query keys of application review (first element: the endpoint's path). */
export const applicationKeys = {
  /** Every cached page of the pending list. */
  pendingAll: ['/api/admin/pending-applications'] as const,
  pending: (p: { page: number; pageSize: number }) => ['/api/admin/pending-applications', p] as const,
  /** The four summary cards (the Admin Panel's application summary reads the same answer). */
  stats: ['/api/admin/application-stats'] as const,
};

import type { PagePosition } from '../../../lib/paging.ts';

/** The query keys of the Commission Tracker (first element: the endpoint's path). */
export const commissionKeys = {
  summary: ['/api/commissions/summary'] as const,
  historyAll: ['/api/commissions'] as const,
  history: ({ page, after, before }: PagePosition) => ['/api/commissions', { page, after: after ?? null, before: before ?? null }] as const,
};

/** The query keys of the Commission Tracker (first element: the endpoint's path). */
export const commissionKeys = {
  summary: ['/api/commissions/summary'] as const,
  historyAll: ['/api/commissions'] as const,
  history: (page: number) => ['/api/commissions', { page }] as const,
};

/** The query keys of the dashboard (first element: the endpoint's path). */
export const dashboardKeys = {
  /** The member's own referral figures: banner, performance tiles and pipeline tiles. */
  stats: ['/api/dashboard-stats'] as const,
  onboarding: ['/api/onboarding'] as const,
  /** The member's commission per month over the last twelve months (the earnings chart). */
  earnings: ['/api/commissions/earnings'] as const,
};

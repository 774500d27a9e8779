import type { AnalyticsRange } from '../../../../common/schemas/analytics.ts';

/** The analytics endpoints, one per section of the tab. */
export const ANALYTICS_SECTIONS = ['referrals', 'funnel', 'commissions', 'events', 'community', 'applications'] as const;
export type AnalyticsSection = (typeof ANALYTICS_SECTIONS)[number];

/** The query keys of Admin Panel → Analytics (first element: the endpoint's path, then the period). */
export const analyticsKeys = {
  all: (section: AnalyticsSection) => [`/api/analytics/${section}`] as const,
  section: (section: AnalyticsSection, range: AnalyticsRange) => [`/api/analytics/${section}`, { from: range.from, to: range.to }] as const,
};

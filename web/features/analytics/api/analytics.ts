import { useQuery } from '@tanstack/react-query';
import type {
  AnalyticsRange,
  ApplicationAnalytics,
  CommissionAnalytics,
  CommunityAnalytics,
  EventAnalytics,
  FunnelAnalytics,
  ReferralAnalytics,
} from '../../../../common/schemas/analytics.ts';
import { api } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { analyticsKeys, type AnalyticsSection } from './keys.ts';

interface Answers {
  referrals: ReferralAnalytics;
  funnel: FunnelAnalytics;
  commissions: CommissionAnalytics;
  events: EventAnalytics;
  community: CommunityAnalytics;
  applications: ApplicationAnalytics;
}

/** One section's figures for a period (London days, both included); the last answer stays while the next loads. */
export function useAnalytics<S extends AnalyticsSection>(section: S, range: AnalyticsRange, enabled = true) {
  return useQuery<Answers[S]>({
    queryKey: analyticsKeys.section(section, range),
    queryFn: () => api.get<Answers[S]>(withQuery(`/api/analytics/${section}`, { from: range.from, to: range.to })),
    placeholderData: (previous) => previous,
    enabled,
  });
}

import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { AnalyticsPeriod } from '../../../../common/schemas/analytics.ts';
import { useAnalytics } from '../api/analytics.ts';
import { periodParams, londonToday, readPeriod } from '../lib/period.ts';
import { CommissionCharts } from './CommissionCharts.tsx';
import { FunnelCharts } from './FunnelCharts.tsx';
import { HeadlineCards } from './HeadlineCards.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';
import { ApplicationsChart, CommunityChart, EventsTable } from './ProgrammeCharts.tsx';
import { ReferralCharts } from './ReferralCharts.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Admin Panel → Analytics: the programme over a period kept in the address (?tab=analytics&period=…&from=…&to=…,
 * so it survives a reload): headline figures against the previous period, then referrals, the funnel,
 * commissions, events, the community and applications, each chart with its table and CSV.
 */
export function AnalyticsPanel() {
  const [params, setParams] = useSearchParams();
  const choice = readPeriod(params, londonToday());
  const range = { from: choice.from, to: choice.to };
  const referrals = useAnalytics('referrals', range);
  const funnel = useAnalytics('funnel', range);
  const commissions = useAnalytics('commissions', range);
  const events = useAnalytics('events', range);
  const community = useAnalytics('community', range);
  const applications = useAnalytics('applications', range);
  const choose = (period: AnalyticsPeriod, from?: string, to?: string) => setParams({ tab: 'analytics', ...periodParams(period, from, to) }, { replace: true });

  return (
    <div className="grid gap-8">
      <PeriodPicker key={`${choice.period}:${choice.from}:${choice.to}`} choice={choice} onChange={choose} />
      <HeadlineCards referrals={referrals} commissions={commissions} applications={applications} community={community} />
      <Section id="analytics-referrals" title="Referrals">
        <ReferralCharts query={referrals} range={range} />
      </Section>
      <Section id="analytics-funnel" title="Pipeline">
        <FunnelCharts query={funnel} range={range} />
      </Section>
      <Section id="analytics-commissions" title="Commissions">
        <CommissionCharts query={commissions} range={range} />
      </Section>
      <Section id="analytics-programme" title="Events, community and applications">
        <EventsTable query={events} range={range} />
        <div className="grid gap-4 lg:grid-cols-2">
          <CommunityChart query={community} range={range} />
          <ApplicationsChart query={applications} range={range} />
        </div>
      </Section>
    </div>
  );
}

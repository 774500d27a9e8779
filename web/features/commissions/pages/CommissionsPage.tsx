import { BarChart3, Banknote } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { tierPosition } from '../../../../common/rules/commission-tiers.ts';
import { toPence } from '../../../../common/rules/money.ts';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SkeletonRows } from '../../../components/query-state.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import type { PagePosition } from '../../../lib/paging.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { useCommissionSummary } from '../api/commissions.ts';
import { CommissionCalculator } from '../components/CommissionCalculator.tsx';
import { CommissionHistory } from '../components/CommissionHistory.tsx';
import { NextTierCard } from '../components/NextTierCard.tsx';
import { PaymentInformation } from '../components/PaymentInformation.tsx';
import { PerformanceFigures } from '../components/PerformanceFigures.tsx';
import { SummaryCards } from '../components/SummaryCards.tsx';
import { PartnerPayoutsPanel } from '../../payouts/index.ts';

/** The tier chart, with the chart library, loads after the tracker's first screen. */
const TierProgressChart = lazy(async () => ({ default: (await import('../components/TierProgressChart.tsx')).TierProgressChart }));

/**
 * Commission Tracker (/commissions): summary cards, calculator with the tier table, distance to the next
 * tier, this month's progress through the tiers as a chart (loaded on demand), performance figures from real data, the history table and payment information; the Payouts tab
 * (?tab=payouts, so it can be linked to) lists the member's payouts and statements.
 */
export function CommissionsPage() {
  useDocumentTitle('Commission Tracker');
  const summary = useCommissionSummary();
  const [position, setPosition] = useState<PagePosition>({ page: 1 });
  const s = summary.data;
  const tierIndex = s ? tierPosition(toPence(s.closedWonValueThisMonth)).tierIndex : null;
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'payouts' ? 'payouts' : 'earnings';
  const setTab = (t: string) => setParams(t === 'payouts' ? { tab: t } : {}, { replace: true });

  return (
    <>
      <PageHeader title="Commission Tracker" description="What you have earned, what is on its way, and what your next deal would pay." />

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Commission Tracker sections" className="mb-2">
          <TabsTrigger value="earnings">
            <BarChart3 aria-hidden /> Commissions
          </TabsTrigger>
          <TabsTrigger value="payouts">
            <Banknote aria-hidden /> Payouts
          </TabsTrigger>
        </TabsList>
        <TabsContent value="earnings">
          {summary.isError && !s && (
            <LoadErrorNotice
              boxed
              what="your commission summary"
              error={summary.error}
              onRetry={() => void summary.refetch()}
              className="mb-6 flex-col rounded-xl sm:flex-row sm:items-center sm:justify-between"
            />
          )}

          <div className="grid gap-6">
            <SummaryCards summary={s} loading={summary.isLoading} />
            <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
              <CommissionCalculator monthValue={s?.closedWonValueThisMonth} currentTierIndex={tierIndex} />
              <div className="grid gap-6">
                <NextTierCard summary={s} loading={summary.isLoading} />
                <Suspense fallback={<SkeletonRows count={1} rowClassName="h-72 w-full" label="Loading the tier chart" />}>
                  <TierProgressChart query={summary} />
                </Suspense>
                <PerformanceFigures summary={s} loading={summary.isLoading} />
              </div>
            </div>
            <CommissionHistory position={position} onPosition={setPosition} />
            <PaymentInformation />
          </div>
        </TabsContent>
        <TabsContent value="payouts">
          <Suspense fallback={<SkeletonRows count={3} rowClassName="h-12 w-full" label="Loading your payouts" />}>
            <PartnerPayoutsPanel />
          </Suspense>
        </TabsContent>
      </Tabs>
    </>
  );
}

import { Banknote, ListChecks } from 'lucide-react';
import { Suspense, useState } from 'react';
import { SkeletonRows } from '../../../components/query-state.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { PayoutRunsPanel } from '../../payouts/index.ts';
import { CommissionPayoutsPanel } from './CommissionPayoutsPanel.tsx';

/**
 * Commission Payouts: the monthly payout runs first; the single commissions, with their own "Mark paid" for
 * corrections, beside them.
 */
export function PayoutsSection() {
  const [view, setView] = useState('runs');
  return (
    <Tabs value={view} onValueChange={setView}>
      <TabsList aria-label="Commission payouts">
        <TabsTrigger value="runs">
          <Banknote aria-hidden /> Payout runs
        </TabsTrigger>
        <TabsTrigger value="commissions">
          <ListChecks aria-hidden /> Commissions
        </TabsTrigger>
      </TabsList>
      <TabsContent value="runs">
        <Suspense fallback={<SkeletonRows count={4} rowClassName="h-12 w-full" label="Loading payout runs" />}>
          <PayoutRunsPanel />
        </Suspense>
      </TabsContent>
      <TabsContent value="commissions">
        <CommissionPayoutsPanel />
      </TabsContent>
    </Tabs>
  );
}

import { PoundSterling } from 'lucide-react';
import { ComingSoon } from '../../../components/coming-soon.tsx';

/** Commission Tracker (/commissions): placeholder until the commissions release. */
export function CommissionsPage() {
  return (
    <ComingSoon
      title="Commission Tracker"
      icon={PoundSterling}
      description="Track what you have earned and what is on its way, and estimate commission with the tiered calculator."
      features={['Earnings summary', 'Tiered commission calculator', 'Commission history', 'Payment information']}
    />
  );
}

import { ListChecks } from 'lucide-react';
import { ComingSoon } from '../../../components/coming-soon.tsx';

/** My Leads (/leads): placeholder until the leads release. */
export function LeadsPage() {
  return (
    <ComingSoon
      title="My Leads"
      icon={ListChecks}
      description="Search, filter and follow every lead you have submitted, with its status and progress timeline."
      features={['Search by company, industry or contact', 'Filter by status', 'Lead details and activity timeline', 'Value in GBP and key dates']}
    />
  );
}

import { Send } from 'lucide-react';
import { ComingSoon } from '../../../components/coming-soon.tsx';

/** Submit New Lead (/submit-lead): placeholder until the leads release. */
export function SubmitLeadPage() {
  return (
    <ComingSoon
      title="Submit Lead"
      icon={Send}
      description="Refer an interim, advisory or recruitment opportunity and earn commission when it closes."
      features={['Interim, advisory and recruitment leads', 'Budget in GBP', 'Urgency and relationship strength', 'Updates as your lead progresses']}
    />
  );
}

import { SquareKanban } from 'lucide-react';
import { ComingSoon } from '../../../components/coming-soon.tsx';

/** Pipeline Overview (/pipeline): placeholder until the pipeline release. */
export function PipelinePage() {
  return (
    <ComingSoon
      title="Pipeline"
      icon={SquareKanban}
      description="See your leads move from Submitted to Closed Won on a board, with the weighted value of your pipeline."
      features={['Five-stage board', 'Weighted pipeline value', 'Metric cards', 'Lead values in GBP']}
    />
  );
}

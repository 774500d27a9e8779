import { Activity, Percent, PoundSterling, Scale } from 'lucide-react';
import { StatGrid, type Stat } from '../../../components/stat-card.tsx';

/** Each metric's icon and the colour of its tile. */
export const METRIC_ICONS = {
  total: { icon: PoundSterling, tone: 'bg-primary-soft text-primary' },
  weighted: { icon: Scale, tone: 'bg-warning-soft text-warning' },
  active: { icon: Activity, tone: 'bg-secondary text-secondary-foreground' },
  conversion: { icon: Percent, tone: 'bg-success-soft text-success' },
} as const;

/** The four metric cards above the board. */
export function PipelineMetrics({ metrics, loading }: { metrics: Stat[]; loading: boolean }) {
  return <StatGrid label="Pipeline metrics" stats={metrics} loading={loading} />;
}

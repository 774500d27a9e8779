import { CircleCheck, CircleDashed, Clock, CircleX } from 'lucide-react';
import { TIMESHEET_STATUS_LABELS, type TimesheetStatus } from '../../../../common/constants/timesheets.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const LOOK: Record<TimesheetStatus, { variant: 'secondary' | 'warning' | 'success' | 'destructive'; Icon: typeof Clock }> = {
  draft: { variant: 'secondary', Icon: CircleDashed },
  pending: { variant: 'warning', Icon: Clock },
  approved: { variant: 'success', Icon: CircleCheck },
  rejected: { variant: 'destructive', Icon: CircleX },
};

/** A sheet's status in a pill: draft, awaiting approval, approved or rejected (the words carry it, the icon helps). */
export function TimesheetStatusBadge({ status }: { status: TimesheetStatus }) {
  const { variant, Icon } = LOOK[status];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden /> {TIMESHEET_STATUS_LABELS[status]}
    </Badge>
  );
}

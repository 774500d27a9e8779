import type { LeadStatus } from '../../../../common/constants/options.ts';
import { STATUS_LABELS } from '../../../../common/rules/pipeline.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/utils.ts';

/** One colour per lead status: neutral while new, amber under review, navy when qualified and working, green won, red lost. */
const STATUS_TONES: Record<LeadStatus, string> = {
  submitted: 'border-border bg-muted text-foreground',
  reviewing: 'border-warning/20 bg-warning-soft text-warning',
  qualified: 'border-primary/15 bg-primary-soft text-primary',
  'in-progress': 'border-transparent bg-primary text-primary-foreground',
  'closed-won': 'border-success/20 bg-success-soft text-success',
  'closed-lost': 'border-destructive/20 bg-destructive-soft text-destructive',
};

/** The dot that stands for a status in menus and on the board's column headings. */
export const STATUS_DOTS: Record<LeadStatus, string> = {
  submitted: 'bg-muted-foreground/50',
  reviewing: 'bg-warning',
  qualified: 'bg-ring',
  'in-progress': 'bg-primary',
  'closed-won': 'bg-success',
  'closed-lost': 'bg-destructive',
};

/** A lead's status as a badge, with the label the screens use (reviewing reads "Under Review"). */
export function LeadStatusBadge({ status, className }: { status: LeadStatus; className?: string }) {
  return <Badge className={cn(STATUS_TONES[status], className)}>{STATUS_LABELS[status]}</Badge>;
}

/** A status as a choice: its coloured dot and label, in the status selects and the board's "Move to" menu. */
export function StatusOption({ status }: { status: LeadStatus }) {
  return (
    <span className="flex items-center gap-2">
      <span className={`size-2 rounded-full ${STATUS_DOTS[status]}`} aria-hidden />
      {STATUS_LABELS[status]}
    </span>
  );
}

/** A lead's state as a badge: "Withdrawn" for a lead its partner withdrew (closed-lost underneath), else its status. */
export function LeadStateBadge({ lead, className }: { lead: { status: LeadStatus; withdrawnAt?: string | null }; className?: string }) {
  if (lead.withdrawnAt) {
    return (
      <Badge variant="destructive" className={className} title={`${STATUS_LABELS[lead.status]}: withdrawn by the partner`}>
        Withdrawn
      </Badge>
    );
  }
  return <LeadStatusBadge status={lead.status} className={className} />;
}

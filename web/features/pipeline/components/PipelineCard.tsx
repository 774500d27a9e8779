import { ArrowRightLeft, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { LEAD_STATUSES, type LeadStatus } from '../../../../common/constants/options.ts';
import { LEAD_TYPE_LABELS } from '../../../../common/constants/leads.ts';
import { STATUS_LABELS } from '../../../../common/rules/pipeline.ts';
import type { Lead } from '../../../../common/schemas/lead.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { formatDate, formatGBP } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { StatusOption } from '../../leads/index.ts';

/**
 * A lead on the board: company, contact, value in GBP (0 decimals), and for admins the submitter and owner. The
 * whole card links to the lead's page. For admins it can be dragged to another column, and the "Move to…" menu does
 * the same from the keyboard.
 */
export function PipelineCard({
  lead,
  canMove,
  dragging,
  onMove,
  onDragStart,
  onDragEnd,
}: {
  lead: Lead;
  canMove: boolean;
  dragging: boolean;
  onMove: (status: LeadStatus) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
}) {
  return (
    <div
      draggable={canMove}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', lead.id);
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      className={cn(
        'group relative rounded-lg border border-border bg-card p-3 shadow-card transition-[box-shadow,opacity,border-color] hover:border-input hover:shadow-raised',
        canMove && 'cursor-grab active:cursor-grabbing',
        dragging && 'opacity-40',
      )}
    >
      <div className="flex items-start gap-1.5">
        <div className="min-w-0 flex-1">
          <Link
            to={`/leads/${lead.id}`}
            draggable={false}
            className="line-clamp-2 block w-full break-words text-left text-sm font-semibold leading-snug after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
            title={lead.companyName}
          >
            {lead.companyName}
            <span className="sr-only">, {formatGBP(lead.estimatedValue)}. Open the lead</span>
          </Link>
          <p className="truncate text-xs text-muted-foreground">{lead.contactName}</p>
        </div>
        {canMove && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon-sm" className="relative z-10 -mr-1.5 -mt-1 size-7 text-muted-foreground">
                <ArrowRightLeft aria-hidden />
                <span className="sr-only">Move {lead.companyName} to…</span>
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="min-w-48">
              <DropdownMenuLabel className="text-xs font-semibold text-muted-foreground">Move to…</DropdownMenuLabel>
              <DropdownMenuSeparator />
              {LEAD_STATUSES.filter((s) => s !== lead.status).map((s) => (
                <DropdownMenuItem key={s} onSelect={() => onMove(s)} aria-label={`Move to ${STATUS_LABELS[s]}`}>
                  <StatusOption status={s} />
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>
      <p className="mt-2 text-[15px] font-semibold tabular-nums">{formatGBP(lead.estimatedValue)}</p>
      <p className="mt-0.5 truncate text-[11px] text-muted-foreground">
        {LEAD_TYPE_LABELS[lead.leadType]} · <span className="tabular-nums">{formatDate(lead.createdAt)}</span>
      </p>
      {canMove && <p className="truncate text-[11px] text-muted-foreground">by {lead.submitterName}</p>}
      {canMove && (
        <p className="truncate text-[11px] text-muted-foreground">
          Owner: {lead.assignedTo ? <span className="font-medium text-foreground">{lead.assignedTo.name}</span> : 'unassigned'}
        </p>
      )}
      {lead.possibleDuplicate && (
        <p className="mt-2 flex items-center gap-1 text-[11px] font-medium text-warning">
          <TriangleAlert className="size-3" aria-hidden /> Possible duplicate
        </p>
      )}
    </div>
  );
}

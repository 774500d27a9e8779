import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { LEAD_TYPE_LABELS } from '../../../../common/constants/leads.ts';
import type { Lead } from '../../../../common/schemas/lead.ts';
import { ResponsiveTable, type Column } from '../../../components/responsive-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate, formatGBP } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { LeadStateBadge } from './LeadStatusBadge.tsx';

function DuplicateBadge() {
  return (
    <Badge variant="warning" title="Another open lead has the same company or contact e-mail domain">
      <CircleAlert aria-hidden /> Possible duplicate
    </Badge>
  );
}

const DATE_CELL = 'whitespace-nowrap tabular-nums text-muted-foreground';

/** The table's columns for the options chosen (the admin panel's compact table folds three pairs into one column each). */
function leadColumns({
  showSubmitter,
  showDuplicate,
  showOwner,
  compact,
  actions,
}: {
  showSubmitter: boolean;
  showDuplicate: boolean;
  showOwner: boolean;
  compact: boolean;
  actions: (lead: Lead) => ReactNode;
}): Array<Column<Lead> | false> {
  return [
    {
      key: 'company',
      header: 'Company',
      cell: (l) => (
        <>
          <span className="block max-w-44 truncate text-sm font-medium text-foreground" title={l.companyName}>
            {l.companyName}
          </span>
          <span className="block max-w-44 truncate text-xs text-muted-foreground">{l.contactName}</span>
          {showDuplicate && l.possibleDuplicate && (
            <span className="mt-1 block">
              <DuplicateBadge />
            </span>
          )}
        </>
      ),
    },
    showSubmitter && {
      key: 'submitter',
      header: compact ? 'Submitted' : 'Submitted by',
      cell: (l) => (
        <>
          <span className="block max-w-36 truncate" title={l.submitterName}>
            {l.submitterName}
          </span>
          {compact && <span className="block text-xs tabular-nums text-muted-foreground">{formatDate(l.createdAt)}</span>}
        </>
      ),
    },
    !compact && { key: 'type', header: 'Type', cell: (l) => LEAD_TYPE_LABELS[l.leadType] },
    {
      key: 'industry',
      header: compact ? 'Industry / Type' : 'Industry',
      cell: (l) => (
        <>
          <span className="block max-w-32 truncate" title={l.industry}>
            {l.industry}
          </span>
          {compact && <span className="block text-xs text-muted-foreground">{LEAD_TYPE_LABELS[l.leadType]}</span>}
        </>
      ),
    },
    { key: 'value', header: 'Value', className: 'text-right', cellClassName: 'font-medium tabular-nums whitespace-nowrap', cell: (l) => formatGBP(l.estimatedValue) },
    {
      key: 'status',
      header: compact && showOwner ? 'Status / Owner' : 'Status',
      cell: (l) => (
        <>
          <LeadStateBadge lead={l} />
          {compact && showOwner && (
            <span className={cn('mt-1 block max-w-28 truncate text-xs', !l.assignedTo && 'text-muted-foreground')} title={l.assignedTo?.name}>
              {l.assignedTo?.name ?? 'Unassigned'}
            </span>
          )}
        </>
      ),
    },
    showOwner &&
      !compact && {
        key: 'owner',
        header: 'Owner',
        cell: (l) =>
          l.assignedTo ? (
            <span className="block max-w-32 truncate" title={l.assignedTo.name}>
              {l.assignedTo.name}
            </span>
          ) : (
            <span className="text-muted-foreground">Unassigned</span>
          ),
      },
    !(compact && showSubmitter) && { key: 'submitted', header: 'Submitted', cellClassName: DATE_CELL, cell: (l) => formatDate(l.createdAt) },
    !compact && { key: 'updated', header: 'Updated', cellClassName: DATE_CELL, cell: (l) => formatDate(l.updatedAt) },
    { key: 'actions', header: 'Actions', className: 'text-right', cell: (l) => <div className="flex justify-end gap-2">{actions(l)}</div> },
  ];
}

/** A lead on a phone: company and status, the figures in two columns, the actions underneath. */
function LeadCard({
  lead: l,
  showSubmitter,
  showDuplicate,
  showOwner,
  actions,
}: {
  lead: Lead;
  showSubmitter: boolean;
  showDuplicate: boolean;
  showOwner: boolean;
  actions: ReactNode;
}) {
  const fact = (label: string, value: ReactNode, className?: string, valueClassName?: string) => (
    <div className={className}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={valueClassName}>{value}</dd>
    </div>
  );
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium">{l.companyName}</p>
          <p className="truncate text-sm text-muted-foreground">{l.contactName}</p>
        </div>
        <LeadStateBadge lead={l} className="shrink-0" />
      </div>
      {showDuplicate && l.possibleDuplicate && (
        <div className="mt-2">
          <DuplicateBadge />
        </div>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {fact('Value', formatGBP(l.estimatedValue), undefined, 'font-semibold tabular-nums')}
        {fact('Type', LEAD_TYPE_LABELS[l.leadType])}
        {fact('Industry', l.industry, 'col-span-2', 'truncate')}
        {showSubmitter && fact('Submitted by', l.submitterName, 'col-span-2', 'truncate')}
        {showOwner && fact('Owner', l.assignedTo?.name ?? 'Unassigned', 'col-span-2', 'truncate')}
        {fact('Submitted', formatDate(l.createdAt), undefined, 'tabular-nums')}
        {fact('Updated', formatDate(l.updatedAt), undefined, 'tabular-nums')}
      </dl>
      <div className="mt-3 flex flex-wrap justify-end gap-2 border-t border-border pt-3">{actions}</div>
    </>
  );
}

/**
 * A page of leads: a table from md up (scrolls sideways if it must), a list of cards on phones. Columns: Company
 * (with contact name), [Submitted by], Type, Industry, Value (GBP, 0 decimals), Status ("Withdrawn" for a lead its
 * partner withdrew), [Owner], Submitted, Updated, Actions.
 */
export function LeadTable({
  leads,
  caption,
  showSubmitter = false,
  showDuplicate = false,
  showOwner = false,
  actions,
  dimmed = false,
  compact = false,
  frameClassName,
}: {
  leads: Lead[];
  caption: string;
  showSubmitter?: boolean;
  showDuplicate?: boolean;
  /** The administrator who owns each lead (admins' lists). */
  showOwner?: boolean;
  actions: (lead: Lead) => ReactNode;
  dimmed?: boolean;
  /** Narrower table for the admin panel: the type goes under the industry, the date under the submitter, no Updated. */
  compact?: boolean;
  /** Extra classes for the wide-screen table's frame, e.g. to run it edge to edge in a card. */
  frameClassName?: string;
}) {
  return (
    <div className={cn('min-w-0 transition-opacity', dimmed && 'opacity-60')} aria-busy={dimmed || undefined}>
      <ResponsiveTable
        rows={leads}
        rowKey={(l) => l.id}
        caption={caption}
        columns={leadColumns({ showSubmitter, showDuplicate, showOwner, compact, actions })}
        card={(l) => <LeadCard lead={l} showSubmitter={showSubmitter} showDuplicate={showDuplicate} showOwner={showOwner} actions={actions(l)} />}
        headings="caps"
        cellClassName="px-2.5 first:pl-4 last:pr-4"
        rowClassName="bg-card hover:bg-accent/60"
        tableClassName={cn('text-[13px]', compact ? 'min-w-[720px]' : showOwner ? 'min-w-[860px]' : 'min-w-[760px]')}
        frameClassName={frameClassName}
      />
    </div>
  );
}

/** Placeholder rows while the first page loads. */
export function LeadTableSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading leads">
      <div className="hidden overflow-hidden rounded-lg border border-border md:block">
        <div className="h-10 bg-muted/60" />
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex items-center gap-6 border-t border-border px-4 py-4">
            <div className="grid w-48 gap-1.5">
              <Skeleton className="h-4 w-36" />
              <Skeleton className="h-3 w-24" />
            </div>
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-4 w-28" />
            <Skeleton className="ml-auto h-4 w-16" />
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-8 w-16" />
          </div>
        ))}
      </div>
      <div className="grid gap-3 md:hidden">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="grid gap-3 rounded-lg border border-border bg-card p-4">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-28" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

import { LoadError } from '../load-error.tsx';
import { CircleAlert, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { LEAD_TYPE_LABELS } from '../../../common/constants/leads.ts';
import type { Lead } from '../../../common/schemas/lead.ts';
import { formatDate, formatGBP } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { Badge } from '../ui/badge.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { LeadStatusBadge } from './LeadStatusBadge.tsx';

export function DuplicateBadge() {
  return (
    <Badge variant="warning" title="Another open lead has the same company or contact e-mail domain">
      <CircleAlert aria-hidden /> Possible duplicate
    </Badge>
  );
}

const TH_BASE = 'py-3 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground whitespace-nowrap';
const TD_BASE = 'py-3 align-middle';

/**
 * A page of leads: a table from md up (scrolls sideways if it must), a list of cards on phones. Columns: Company
 * (with contact name), [Submitted by], Type, Industry, Value (GBP, 0 decimals), Status, Submitted, Updated, Actions.
 */
export function LeadTable({
  leads,
  caption,
  showSubmitter = false,
  showDuplicate = false,
  actions,
  dimmed = false,
  compact = false,
  frameClassName,
}: {
  leads: Lead[];
  caption: string;
  showSubmitter?: boolean;
  showDuplicate?: boolean;
  actions: (lead: Lead) => ReactNode;
  dimmed?: boolean;
  /** Narrower table for the admin panel: the type goes under the industry, the date under the submitter, no Updated. */
  compact?: boolean;
  /** Extra classes for the wide-screen table's frame, e.g. to run it edge to edge in a card. */
  frameClassName?: string;
}) {
  const TH = cn(TH_BASE, 'px-2.5 first:pl-4 last:pr-4');
  const TD = cn(TD_BASE, 'px-2.5 first:pl-4 last:pr-4');
  return (
    <div className={cn('min-w-0 transition-opacity', dimmed && 'opacity-60')} aria-busy={dimmed || undefined}>
      <div className={cn('hidden overflow-x-auto rounded-lg border border-border md:block', frameClassName)}>
        <table className={cn('w-full border-collapse text-[13px]', compact ? 'min-w-[720px]' : 'min-w-[760px]')}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/60">
            <tr>
              <th scope="col" className={TH}>Company</th>
              {showSubmitter && <th scope="col" className={TH}>{compact ? 'Submitted' : 'Submitted by'}</th>}
              {!compact && <th scope="col" className={TH}>Type</th>}
              <th scope="col" className={TH}>{compact ? 'Industry / Type' : 'Industry'}</th>
              <th scope="col" className={cn(TH, 'text-right')}>Value</th>
              <th scope="col" className={TH}>Status</th>
              {!(compact && showSubmitter) && <th scope="col" className={TH}>Submitted</th>}
              {!compact && <th scope="col" className={TH}>Updated</th>}
              <th scope="col" className={cn(TH, 'text-right')}>Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {leads.map((l) => (
              <tr key={l.id} className="bg-card hover:bg-accent/60">
                <th scope="row" className={cn(TD, 'text-left font-normal')}>
                  <span className="block max-w-44 truncate text-sm font-medium text-foreground" title={l.companyName}>{l.companyName}</span>
                  <span className="block max-w-44 truncate text-xs text-muted-foreground">{l.contactName}</span>
                  {showDuplicate && l.possibleDuplicate && (
                    <span className="mt-1 block">
                      <DuplicateBadge />
                    </span>
                  )}
                </th>
                {showSubmitter && (
                  <td className={TD}>
                    <span className="block max-w-36 truncate" title={l.submitterName}>{l.submitterName}</span>
                    {compact && <span className="block text-xs tabular-nums text-muted-foreground">{formatDate(l.createdAt)}</span>}
                  </td>
                )}
                {!compact && <td className={TD}>{LEAD_TYPE_LABELS[l.leadType]}</td>}
                <td className={TD}>
                  <span className="block max-w-32 truncate" title={l.industry}>{l.industry}</span>
                  {compact && <span className="block text-xs text-muted-foreground">{LEAD_TYPE_LABELS[l.leadType]}</span>}
                </td>
                <td className={cn(TD, 'text-right font-medium tabular-nums whitespace-nowrap')}>{formatGBP(l.estimatedValue)}</td>
                <td className={TD}>
                  <LeadStatusBadge status={l.status} />
                </td>
                {!(compact && showSubmitter) && <td className={cn(TD, 'whitespace-nowrap tabular-nums text-muted-foreground')}>{formatDate(l.createdAt)}</td>}
                {!compact && <td className={cn(TD, 'whitespace-nowrap tabular-nums text-muted-foreground')}>{formatDate(l.updatedAt)}</td>}
                <td className={cn(TD, 'text-right')}>
                  <div className="flex justify-end gap-2">{actions(l)}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 md:hidden" aria-label={caption}>
        {leads.map((l) => (
          <li key={l.id} className="rounded-lg border border-border bg-card p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium">{l.companyName}</p>
                <p className="truncate text-sm text-muted-foreground">{l.contactName}</p>
              </div>
              <LeadStatusBadge status={l.status} className="shrink-0" />
            </div>
            {showDuplicate && l.possibleDuplicate && (
              <div className="mt-2">
                <DuplicateBadge />
              </div>
            )}
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">Value</dt>
                <dd className="font-semibold tabular-nums">{formatGBP(l.estimatedValue)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Type</dt>
                <dd>{LEAD_TYPE_LABELS[l.leadType]}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-muted-foreground">Industry</dt>
                <dd className="truncate">{l.industry}</dd>
              </div>
              {showSubmitter && (
                <div className="col-span-2">
                  <dt className="text-xs text-muted-foreground">Submitted by</dt>
                  <dd className="truncate">{l.submitterName}</dd>
                </div>
              )}
              <div>
                <dt className="text-xs text-muted-foreground">Submitted</dt>
                <dd className="tabular-nums">{formatDate(l.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Updated</dt>
                <dd className="tabular-nums">{formatDate(l.updatedAt)}</dd>
              </div>
            </dl>
            <div className="mt-3 flex flex-wrap justify-end gap-2 border-t border-border pt-3">{actions(l)}</div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Placeholder rows while the first page loads. */
export function LeadTableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div aria-busy="true" aria-label="Loading leads">
      <div className="hidden overflow-hidden rounded-lg border border-border md:block">
        <div className="h-10 bg-muted/60" />
        {Array.from({ length: rows }, (_, i) => (
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

/** The list could not be loaded: what went wrong and a retry. */
export function LeadListError({ error, onRetry, what = 'leads' }: { error: unknown; onRetry: () => void; what?: string }) {
  return <LoadError what={what} error={error} onRetry={onRetry} className="rounded-lg border border-border py-12" />;
}

/** An empty list: an icon, the message and an optional action. */
export function LeadListEmpty({ message, hint, action }: { message: string; hint?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-border px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Inbox className="size-6" aria-hidden />
      </span>
      <p className="mt-4 font-semibold">{message}</p>
      {hint && <p className="mt-1 max-w-sm text-sm text-muted-foreground">{hint}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

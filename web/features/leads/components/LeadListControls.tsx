import { Download, Search, X } from 'lucide-react';
import { LEAD_STATUSES, type LeadStatus } from '../../../../common/constants/options.ts';
import { Pager } from '../../../components/pager.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { rangeText } from '../../../lib/paging.ts';
import { leadExportUrl } from '../api/leads.ts';
import type { LeadListState } from '../lib/use-lead-list.ts';
import { cn } from '../../../lib/utils.ts';
import { StatusOption } from './LeadStatusBadge.tsx';

/** The search box (company, industry or contact name) and the status filter of a lead list. */
export function LeadFilters({ state, idPrefix }: { state: LeadListState; idPrefix: string }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid flex-1 gap-2">
        <Label htmlFor={`${idPrefix}-search`}>Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id={`${idPrefix}-search`}
            type="search"
            className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
            placeholder="Company, industry or contact name"
            value={state.search}
            onChange={(e) => state.setSearch(e.target.value)}
            maxLength={100}
            autoComplete="off"
          />
          {state.updating ? (
            <span className="absolute right-3 top-1/2 -translate-y-1/2">
              <Spinner className="size-4" label="Searching" />
            </span>
          ) : (
            state.search && (
              <button
                type="button"
                onClick={() => state.setSearch('')}
                className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
              >
                <X className="size-4" aria-hidden />
                <span className="sr-only">Clear search</span>
              </button>
            )
          )}
        </div>
      </div>
      <div className="grid gap-2 sm:w-52">
        <Label htmlFor={`${idPrefix}-status`}>Status</Label>
        <Select value={state.status} onValueChange={(v) => state.setStatus(v as LeadStatus | 'all')}>
          <SelectTrigger id={`${idPrefix}-status`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All Statuses</SelectItem>
            {LEAD_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                <StatusOption status={s} />
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

/** Previous / Next under a lead list, with "Showing 1–25 of 143 leads" and "Page 1 of 6" (hidden when the list is empty). */
export function LeadPagination({ state }: { state: LeadListState }) {
  const { page, pageCount, total, totalCapped, pageSize } = state;
  if (total === 0) return null;
  // past a capped total the page says what it holds, and the server's cursor whether more follow
  const shown = totalCapped ? (state.query.data?.items.length ?? 0) : Math.min(total, page * pageSize) - (page - 1) * pageSize;
  return (
    <Pager
      label="Pagination"
      page={page}
      hasNext={page < pageCount || (totalCapped && !!state.query.data?.nextCursor)}
      onPage={state.setPage}
      summary={`Showing ${rangeText(page, pageSize, shown, total, totalCapped)} leads`}
      position
      pageCount={totalCapped ? undefined : pageCount}
      keepOnSinglePage
      className="flex-col sm:flex-row"
    />
  );
}

/**
 * "Mine" or every lead (administrators): the list of the leads assigned to the signed-in administrator, or all of
 * them; two buttons, the one in force pressed.
 */
export function LeadOwnerFilter({ state }: { state: LeadListState }) {
  const choice = (mine: boolean, label: string) => (
    <button
      type="button"
      aria-pressed={state.mine === mine}
      onClick={() => state.setMine(mine)}
      className={cn(
        'h-8 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
        state.mine === mine ? 'bg-card text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Whose leads" className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
      {choice(false, 'All leads')}
      {choice(true, 'Mine')}
    </div>
  );
}

/** "Export CSV": every lead the list's filters select (all pages), as a plain download link. */
export function LeadExportButton({ state, className }: { state: LeadListState; className?: string }) {
  return (
    <Button asChild variant="outline" className={cn('shrink-0', className)}>
      <a href={leadExportUrl(state.filters)} download>
        <Download aria-hidden /> Export CSV
      </a>
    </Button>
  );
}

import { ChevronLeft, ChevronRight, Search, X } from 'lucide-react';
import { LEAD_STATUSES, type LeadStatus } from '../../../common/constants/options.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { StatusOption } from './UpdateStatusDialog.tsx';
import type { LeadListState } from './use-lead-list.ts';

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

/** Previous / Next with "Page x of y" and the range shown. */
export function LeadPagination({ state, label = 'leads' }: { state: LeadListState; label?: string }) {
  const { page, pageCount, total, pageSize } = state;
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-muted-foreground tabular-nums">
        Showing {from.toLocaleString('en-GB')}–{to.toLocaleString('en-GB')} of {total.toLocaleString('en-GB')} {label}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => state.setPage(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden /> Previous
        </Button>
        <span className="min-w-24 text-center text-sm font-medium tabular-nums" aria-live="polite">
          Page {page} of {pageCount}
        </span>
        <Button variant="outline" size="sm" onClick={() => state.setPage(page + 1)} disabled={page >= pageCount}>
          Next <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

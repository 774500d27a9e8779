import { useState } from 'react';
import type { LeadStatus } from '../../../../common/constants/options.ts';
import { pageCount as countPages, positionFor, totalText, type PagePosition } from '../../../lib/paging.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useLeads } from '../api/leads.ts';

type StatusFilter = LeadStatus | 'all';

/**
 * Search, status filter, the "Mine" filter (administrators) and page of a lead list, sent to the server as query parameters (the search once
 * typing pauses). Changing a filter goes back to page 1; a page that no longer exists (after a delete) is
 * pulled back to the last one.
 */
export function useLeadList(pageSize = 25, initialStatus: StatusFilter = 'all') {
  const [search, setSearchText] = useState('');
  const [status, setStatusFilter] = useState<StatusFilter>(initialStatus);
  // administrators only: the leads assigned to them ("Mine"), or every lead
  const [mine, setMineFilter] = useState(false);
  const [position, setPosition] = useState<PagePosition>({ page: 1 });
  const { page } = position;
  const debouncedSearch = useDebouncedValue(search.trim(), 350);

  const filters = { search: debouncedSearch, status: status === 'all' ? undefined : status, assigned: mine ? ('me' as const) : undefined };
  const query = useLeads({ ...filters, ...position, pageSize });
  /** Turns to a page: the next or previous one by the cursor the server gave with this page, any other by number. */
  const setPage = (target: number) => setPosition(positionFor(target, query.isPlaceholderData ? undefined : query.data));
  const total = query.data?.total ?? 0;
  // a search matching very many leads is counted only up to `total`: there may be pages past `pageCount`
  const totalCapped = !!query.data?.totalCapped;
  const pageCount = countPages(total, pageSize);

  // the list may shrink under us (a lead deleted on the last page): step back to a page that exists
  if (query.data && !query.isPlaceholderData && !totalCapped && page > pageCount) setPage(pageCount);

  return {
    query,
    search,
    setSearch: (v: string) => {
      setSearchText(v);
      setPage(1);
    },
    status,
    setStatus: (v: StatusFilter) => {
      setStatusFilter(v);
      setPage(1);
    },
    mine,
    setMine: (v: boolean) => {
      setMineFilter(v);
      setPage(1);
    },
    clearFilters: () => {
      setSearchText('');
      setStatusFilter('all');
      setMineFilter(false);
      setPage(1);
    },
    /** The filters the server answered for, as the CSV download takes them. */
    filters,
    page,
    setPage,
    pageSize,
    pageCount,
    total,
    totalCapped,
    /** The total as headings show it: "143", or "10,000+" when capped. */
    totalLabel: totalText(total, totalCapped),
    /** Whether the list on screen is filtered (what the server answered for, not what is being typed). */
    filtersActive: !!debouncedSearch || status !== 'all' || mine,
    /** Typing has not reached the server yet, or a new page is on its way. */
    updating: search.trim() !== debouncedSearch || (query.isFetching && query.isPlaceholderData),
  };
}

/** A lead list's filters, page and answer, handed to its filter and pagination controls. */
export type LeadListState = ReturnType<typeof useLeadList>;

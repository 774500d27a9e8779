import { useState } from 'react';
import { Link } from 'react-router';
import type { Lead } from '../../../../common/schemas/lead.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { LeadExportButton, LeadFilters, LeadOwnerFilter, LeadPagination, LeadTable, LeadTableSkeleton, UpdateStatusDialog, useLeadList } from '../../leads/index.ts';

/**
 * Admin Panel → Lead Management: every lead (or, with "Mine", those assigned to the viewer), paged on the server,
 * with search and status filter, the possible-duplicate flag, the submitter and the owner; per row 'Update Status'
 * (status and optional notes for the partner or the team) and 'Open' (the lead's page); the list's CSV.
 */
export function LeadManagementPanel() {
  const list = useLeadList(20);
  const { query } = list;
  const [updating, setUpdating] = useState<Lead | null>(null);
  const mine = list.mine;

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Lead Management</CardTitle>
          <CardDescription>Every lead submitted by partners. Update a lead’s status, or open it to talk with its partner and assign it.</CardDescription>
        </div>
        <LeadExportButton state={list} className="self-start sm:self-auto" />
      </CardHeader>
      <CardContent className="grid gap-5">
        <LeadOwnerFilter state={list} />
        <LeadFilters state={list} idPrefix="admin-leads" />
        <h3 className="text-base font-semibold" aria-live="polite">
          {/* no count over a list that failed to load: "(0)" would read as "none" */}
          {query.isLoading ? (
            <span className="flex items-center gap-2">
              {mine ? 'Assigned to me' : 'All leads'} <Skeleton className="inline-block h-5 w-8" />
            </span>
          ) : query.data ? (
            `${mine ? 'Assigned to me' : 'All leads'} (${list.totalLabel})`
          ) : mine ? (
            'Assigned to me'
          ) : (
            'All leads'
          )}
        </h3>
        <QueryState
          query={query}
          what="leads"
          framed
          loading={<LeadTableSkeleton />}
          isEmpty={(page) => !page.items.length}
          empty={
            mine && !list.search && list.status === 'all' ? (
              <EmptyState
                framed
                className="py-14"
                title="No leads are assigned to you."
                text="Open a lead and choose “Assign to me” to take it on."
                action={
                  <Button variant="outline" onClick={() => list.setMine(false)}>
                    Show all leads
                  </Button>
                }
              />
            ) : list.filtersActive ? (
              <EmptyState
                framed
                className="py-14"
                title="No leads match your current filters."
                action={
                  <Button variant="outline" onClick={list.clearFilters}>
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState framed className="py-14" title="No leads submitted yet." text="Leads appear here as soon as partners submit them." />
            )
          }
        >
          {(page) => (
            <>
              <LeadTable
                leads={page.items}
                caption={`${mine ? 'Leads assigned to me' : 'All leads'}, page ${list.page} of ${list.pageCount}`}
                showSubmitter
                showDuplicate
                showOwner
                compact
                frameClassName="-mx-6 rounded-none border-x-0"
                dimmed={list.updating}
                actions={(lead) => (
                  <>
                    {lead.can.update && (
                      <Button size="sm" className="px-2.5" onClick={() => setUpdating(lead)} aria-label={`Update Status of ${lead.companyName}`}>
                        Update Status
                      </Button>
                    )}
                    <Button asChild variant="outline" size="sm" className="px-2.5">
                      <Link to={`/leads/${lead.id}`} aria-label={`Open ${lead.companyName}`}>
                        Open
                      </Link>
                    </Button>
                  </>
                )}
              />
              <LeadPagination state={list} />
            </>
          )}
        </QueryState>
      </CardContent>

      <UpdateStatusDialog lead={updating} onOpenChange={(o) => !o && setUpdating(null)} />
    </Card>
  );
}

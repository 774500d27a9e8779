import { Pencil } from 'lucide-react';
import { useState } from 'react';
import type { Lead } from '../../../../common/schemas/lead.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { LeadDetailsDialog, LeadFilters, LeadPagination, LeadTable, LeadTableSkeleton, UpdateStatusDialog, useLeadList } from '../../leads/index.ts';

/**
 * Admin Panel → Lead Management: every lead, paged on the server, with search and status filter, the
 * possible-duplicate flag and the submitter; per row 'Update Status' (status and optional notes) and 'Details'.
 */
export function LeadManagementPanel() {
  const list = useLeadList(20);
  const { query } = list;
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [updating, setUpdating] = useState<Lead | null>(null);
  const [snapshot, setSnapshot] = useState<Lead | null>(null);
  const details = (detailsId && query.data?.items.find((l) => l.id === detailsId)) || (detailsId ? snapshot : null);

  const openDetails = (lead: Lead) => {
    setSnapshot(lead);
    setDetailsId(lead.id);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Lead Management</CardTitle>
        <CardDescription>Every lead submitted by partners. Update a lead’s status with notes for its timeline, or open its details.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <LeadFilters state={list} idPrefix="admin-leads" />
        <h3 className="text-base font-semibold" aria-live="polite">
          {/* no count over a list that failed to load: "(0)" would read as "none" */}
          {query.isLoading ? (
            <span className="flex items-center gap-2">
              All leads <Skeleton className="inline-block h-5 w-8" />
            </span>
          ) : query.data ? (
            `All leads (${list.totalLabel})`
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
            list.filtersActive ? (
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
                caption={`All leads, page ${list.page} of ${list.pageCount}`}
                showSubmitter
                showDuplicate
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
                    <Button variant="outline" size="sm" className="px-2.5" onClick={() => openDetails(lead)} aria-label={`Details of ${lead.companyName}`}>
                      Details
                    </Button>
                  </>
                )}
              />
              <LeadPagination state={list} />
            </>
          )}
        </QueryState>
      </CardContent>

      <LeadDetailsDialog
        lead={details}
        onOpenChange={(o) => !o && setDetailsId(null)}
        actions={
          details?.can.update ? (
            <Button
              onClick={() => {
                setUpdating(details);
                setDetailsId(null);
              }}
            >
              <Pencil aria-hidden /> Update Status
            </Button>
          ) : undefined
        }
      />
      <UpdateStatusDialog lead={updating} onOpenChange={(o) => !o && setUpdating(null)} />
    </Card>
  );
}

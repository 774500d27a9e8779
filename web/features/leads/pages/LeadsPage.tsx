import { Plus, Send } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { LEAD_STATUSES, type LeadStatus } from '../../../../common/constants/options.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { LeadExportButton, LeadFilters, LeadPagination } from '../components/LeadListControls.tsx';
import { LeadTable, LeadTableSkeleton } from '../components/LeadTable.tsx';
import { useLeadList } from '../lib/use-lead-list.ts';

/**
 * My Leads (/leads): search and status filter sent to the server, 'Leads (n)', the table with pagination, the empty
 * states and the CSV of the list; each lead's View opens its page (/leads/{id}). Administrators see every lead, with
 * its duplicate flag and owner.
 */
export function LeadsPage() {
  useDocumentTitle('My Leads');
  const { data: user } = useCurrentUser();
  // the whole organisation's leads, with the duplicate column, for whoever may work every lead
  const seesAll = !!user?.can.manageLeads;
  const [params] = useSearchParams();
  const linked = params.get('status');
  // the board's "+N more" links here with ?status=…
  const list = useLeadList(25, linked && (LEAD_STATUSES as readonly string[]).includes(linked) ? (linked as LeadStatus) : 'all');
  const { query } = list;

  // an older link to a lead (`/leads?lead=<id>`, in notifications sent before leads had their own page) goes there
  const linkedId = params.get('lead');
  if (linkedId) return <Navigate to={`/leads/${encodeURIComponent(linkedId)}`} replace />;

  return (
    <>
      <PageHeader
        title="My Leads"
        description={seesAll ? 'Every lead submitted on the platform, with its status and progress.' : 'Follow every lead you have referred, from submission to close.'}
        actions={
          <>
            <LeadExportButton state={list} />
            <Button asChild>
              <Link to="/submit-lead">
                <Plus aria-hidden /> Submit New Lead
              </Link>
            </Button>
          </>
        }
      />

      <Card className="p-4 sm:p-6">
        <LeadFilters state={list} idPrefix="leads" />

        <div className="mb-4 mt-6 flex items-center justify-between gap-3">
          <h2 className="text-lg font-semibold tracking-tight" aria-live="polite">
            {/* no count over a list that failed to load: "(0)" would read as "none" */}
            {query.isLoading ? (
              <span className="flex items-center gap-2">
                Leads <Skeleton className="inline-block h-5 w-8" />
              </span>
            ) : query.data ? (
              `Leads (${list.totalLabel})`
            ) : (
              'Leads'
            )}
          </h2>
        </div>

        <QueryState
          query={query}
          what="leads"
          loading={<LeadTableSkeleton />}
          framed
          isEmpty={(page) => !page.items.length}
          empty={
            list.filtersActive ? (
              <EmptyState
                framed
                className="py-14"
                title="No leads match your current filters."
                text="Try another search term or status."
                action={
                  <Button variant="outline" onClick={list.clearFilters}>
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState
                framed
                className="py-14"
                title="No leads submitted yet."
                text="Refer an interim, advisory or recruitment opportunity and earn commission when it closes."
                action={
                  <Button asChild>
                    <Link to="/submit-lead">
                      <Send aria-hidden /> Submit Your First Lead
                    </Link>
                  </Button>
                }
              />
            )
          }
        >
          {(page) => (
            <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
              <LeadTable
                leads={page.items}
                caption={`Leads, page ${list.page} of ${list.pageCount}`}
                showDuplicate={seesAll}
                showOwner={seesAll}
                frameClassName="-mx-4 rounded-none border-x-0 sm:-mx-6"
                dimmed={list.updating}
                actions={(lead) => (
                  <Button asChild variant="outline" size="sm" className="px-2.5">
                    <Link to={`/leads/${lead.id}`} aria-label={`View ${lead.companyName}`}>
                      View
                    </Link>
                  </Button>
                )}
              />
              <LeadPagination state={list} />
            </div>
          )}
        </QueryState>
      </Card>
    </>
  );
}

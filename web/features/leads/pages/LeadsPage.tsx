import { Plus, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LEAD_STATUSES, type LeadStatus } from '../../../../common/constants/options.ts';
import type { Lead } from '../../../../common/schemas/lead.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { toast } from '../../../lib/toast.ts';
import { useLead } from '../api/leads.ts';
import { LeadDetailsDialog } from '../components/LeadDetailsDialog.tsx';
import { LeadFilters, LeadPagination } from '../components/LeadListControls.tsx';
import { LeadTable, LeadTableSkeleton } from '../components/LeadTable.tsx';
import { useLeadList } from '../lib/use-lead-list.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * My Leads (/leads): search and status filter sent to the server, 'Leads (n)', the table with
 * pagination, the empty states, and the details dialog with the timeline (admins: duplicate flag and delete).
 */
export function LeadsPage() {
  useDocumentTitle('My Leads');
  const { data: user } = useCurrentUser();
  // the whole organisation's leads, with the duplicate column, for whoever may work every lead
  const seesAll = !!user?.can.manageLeads;
  const [params, setParams] = useSearchParams();
  const linked = params.get('status');
  // the board's "+N more" links here with ?status=…
  const list = useLeadList(25, linked && (LEAD_STATUSES as readonly string[]).includes(linked) ? (linked as LeadStatus) : 'all');
  const [openId, setOpenId] = useState<string | null>(null);
  const [openSnapshot, setOpenSnapshot] = useState<Lead | null>(null);
  const { query } = list;
  // the open lead follows the list when it refreshes; a deleted lead keeps its last view until the dialog closes
  const open = (openId && query.data?.items.find((l) => l.id === openId)) || (openId ? openSnapshot : null);

  const openLead = (lead: Lead) => {
    setOpenSnapshot(lead);
    setOpenId(lead.id);
  };

  // a notification links to `/leads?lead=<id>`: that lead opens, wherever it is in the list
  const linkedId = params.get('lead');
  const linkedLead = useLead(linkedId && UUID.test(linkedId) ? linkedId : null);
  const [shownLink, setShownLink] = useState<string | null>(null);
  if (linkedId && shownLink !== linkedId && linkedLead.data) {
    setShownLink(linkedId);
    openLead(linkedLead.data);
  }
  const brokenLink = !!linkedId && (!UUID.test(linkedId) || linkedLead.isError);
  useEffect(() => {
    if (brokenLink) toast({ variant: 'destructive', title: 'Lead not found', description: 'That lead no longer exists or is not yours to see.' });
  }, [brokenLink, linkedId]);
  const closeLead = () => {
    setOpenId(null);
    if (params.has('lead')) {
      const next = new URLSearchParams(params);
      next.delete('lead');
      setParams(next, { replace: true });
    }
  };

  return (
    <>
      <PageHeader
        title="My Leads"
        description={seesAll ? 'Every lead submitted on the platform, with its status and progress.' : 'Follow every lead you have referred, from submission to close.'}
        actions={
          <Button asChild>
            <Link to="/submit-lead">
              <Plus aria-hidden /> Submit New Lead
            </Link>
          </Button>
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
                frameClassName="-mx-4 rounded-none border-x-0 sm:-mx-6"
                dimmed={list.updating}
                actions={(lead) => (
                  <Button variant="outline" size="sm" className="px-2.5" onClick={() => openLead(lead)} aria-label={`View ${lead.companyName}`}>
                    View
                  </Button>
                )}
              />
              <LeadPagination state={list} />
            </div>
          )}
        </QueryState>
      </Card>

      <LeadDetailsDialog lead={open} onOpenChange={(o) => !o && closeLead()} />
    </>
  );
}

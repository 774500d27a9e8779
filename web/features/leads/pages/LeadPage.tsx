import { ArrowLeft, Building2, CircleAlert, ClipboardList, FileText, History, Mail, MessagesSquare, Pencil, SearchX, Trash2, Undo2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LEAD_TYPE_LABELS, RELATIONSHIP_LABELS, URGENCY_LABELS } from '../../../../common/constants/leads.ts';
import type { Lead } from '../../../../common/schemas/lead.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { EmptyState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDateTime, formatGBP } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { useLead } from '../api/leads.ts';
import { useDeleteLead } from '../api/update-lead.ts';
import { ActivityTimeline } from '../components/ActivityTimeline.tsx';
import { EditLeadDialog } from '../components/EditLeadDialog.tsx';
import { LeadDiscussion } from '../components/LeadDiscussion.tsx';
import { LeadFacts, LeadSection } from '../components/LeadFacts.tsx';
import { LeadOwnerControl } from '../components/LeadOwnerControl.tsx';
import { LeadStateBadge } from '../components/LeadStatusBadge.tsx';
import { UpdateStatusDialog } from '../components/UpdateStatusDialog.tsx';
import { WithdrawLeadDialog } from '../components/WithdrawLeadDialog.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 mb-3 text-muted-foreground">
      <Link to="/leads">
        <ArrowLeft aria-hidden /> My Leads
      </Link>
    </Button>
  );
}

function LeadPageSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the lead" className="grid gap-6">
      <div className="grid gap-2">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Skeleton className="h-96 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}

/** The partner's and the administrator's buttons in the page's heading, as the lead's abilities allow. */
function LeadActions({
  lead,
  onEdit,
  onWithdraw,
  onUpdate,
  onDelete,
}: {
  lead: Lead;
  onEdit: () => void;
  onWithdraw: () => void;
  onUpdate: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      {lead.can.edit && (
        <Button variant="outline" onClick={onEdit}>
          <Pencil aria-hidden /> Edit lead
        </Button>
      )}
      {lead.can.withdraw && (
        <Button variant="outline" className="border-destructive/30 text-destructive hover:bg-destructive-soft" onClick={onWithdraw}>
          <Undo2 aria-hidden /> Withdraw
        </Button>
      )}
      {lead.can.delete && (
        <Button variant="outline" className="border-destructive/30 text-destructive hover:bg-destructive-soft" onClick={onDelete}>
          <Trash2 aria-hidden /> Delete
        </Button>
      )}
      {lead.can.update && (
        <Button onClick={onUpdate}>
          <Pencil aria-hidden /> Update Status
        </Button>
      )}
    </>
  );
}

function LeadView({ lead, meId, admin }: { lead: Lead; meId: string; admin: boolean }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [updating, setUpdating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteLead();

  return (
    <>
      <BackLink />
      <div className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h1 className="min-w-0 break-words text-2xl font-semibold tracking-tight sm:text-[28px]">{lead.companyName}</h1>
            <LeadStateBadge lead={lead} />
          </div>
          <p className="mt-1.5 text-sm text-muted-foreground sm:text-[15px]">
            {LEAD_TYPE_LABELS[lead.leadType]} lead · {formatGBP(lead.estimatedValue)} · submitted {formatDateTime(lead.createdAt)}
            {admin && <> · by {lead.submitterName}</>}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <LeadActions
            lead={lead}
            onEdit={() => setEditing(true)}
            onWithdraw={() => setWithdrawing(true)}
            onUpdate={() => setUpdating(true)}
            onDelete={() => setDeleting(true)}
          />
        </div>
      </div>

      {lead.withdrawnAt && (
        <div role="note" className="mb-6 flex gap-3 rounded-lg border border-destructive/20 bg-destructive-soft px-4 py-3 text-sm">
          <Undo2 className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          <div className="min-w-0">
            <p className="font-semibold text-destructive">Withdrawn {formatDateTime(lead.withdrawnAt)}</p>
            {lead.withdrawnReason && <p className="mt-0.5 whitespace-pre-wrap break-words text-foreground/90">{lead.withdrawnReason}</p>}
          </div>
        </div>
      )}

      {lead.can.seeDuplicateFlag && lead.possibleDuplicate && (
        <div role="note" className="mb-6 flex gap-3 rounded-lg border border-warning/25 bg-warning-soft px-4 py-3 text-sm text-warning">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            <span className="font-semibold">Possible duplicate.</span> Another open lead has the same company or contact e-mail domain. Check who introduced it first
            before working this one.
          </p>
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 gap-6">
          <Card className="grid gap-6 p-5 sm:p-6">
            <LeadSection icon={Building2} title="Company">
              <LeadFacts
                items={[
                  ['Company', lead.companyName],
                  ['Industry', lead.industry],
                  ['Contact name', lead.contactName],
                  [
                    'Contact e-mail',
                    <a key="mail" className="text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline" href={`mailto:${lead.contactEmail}`}>
                      <Mail className="mr-1 inline size-3.5 align-[-2px]" aria-hidden />
                      {/* a long address wraps after its @ rather than inside a word */}
                      {lead.contactEmail.split('@')[0]}
                      {lead.contactEmail.includes('@') && (
                        <>
                          @<wbr />
                          {lead.contactEmail.slice(lead.contactEmail.indexOf('@') + 1)}
                        </>
                      )}
                    </a>,
                  ],
                ]}
              />
            </LeadSection>
            <LeadSection icon={ClipboardList} title="Lead details">
              <LeadFacts
                items={[
                  ['Lead type', LEAD_TYPE_LABELS[lead.leadType]],
                  ['Estimated value', formatGBP(lead.estimatedValue)],
                  ['Urgency', URGENCY_LABELS[lead.urgency]],
                  ['Relationship strength', RELATIONSHIP_LABELS[lead.relationshipStrength]],
                ]}
              />
            </LeadSection>
            <LeadSection icon={FileText} title="Project description">
              <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{lead.projectDescription}</p>
            </LeadSection>
          </Card>

          <Card className="p-5 sm:p-6">
            <LeadSection icon={MessagesSquare} title="Discussion">
              <p className="-mt-1 text-sm text-muted-foreground">
                {admin
                  ? 'Messages here reach the partner; internal notes stay with the team.'
                  : 'Questions and updates between you and the Chief Partners team about this lead.'}
              </p>
              <LeadDiscussion leadId={lead.id} admin={admin} />
            </LeadSection>
          </Card>
        </div>

        <aside className="grid min-w-0 gap-6" aria-label="About this lead">
          <Card className="grid gap-5 p-5">
            <LeadSection icon={UserRound} title="People">
              {lead.can.assign ? (
                <LeadOwnerControl lead={lead} meId={meId} />
              ) : (
                <LeadFacts single items={[['Owner', lead.assignedTo ? lead.assignedTo.name : 'Not yet assigned']]} />
              )}
              <LeadFacts
                single
                items={[
                  ['Submitted by', lead.submitterName],
                  ['Submitted', formatDateTime(lead.createdAt)],
                  ['Last updated', formatDateTime(lead.updatedAt)],
                  [
                    'Reference',
                    <span key="ref" className="font-mono text-xs">
                      {lead.id.slice(0, 8).toUpperCase()}
                    </span>,
                  ],
                ]}
              />
            </LeadSection>
          </Card>
          <Card className="p-5">
            <LeadSection icon={History} title="Progress timeline">
              <ActivityTimeline leadId={lead.id} />
            </LeadSection>
          </Card>
        </aside>
      </div>

      {lead.can.edit && <EditLeadDialog lead={lead} admin={admin} open={editing} onOpenChange={setEditing} />}
      {lead.can.withdraw && <WithdrawLeadDialog lead={lead} open={withdrawing} onOpenChange={setWithdrawing} />}
      {lead.can.update && <UpdateStatusDialog lead={updating ? lead : null} onOpenChange={(o) => !o && setUpdating(false)} />}
      {lead.can.delete && (
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title="Are you sure?"
          description={
            <>
              This action cannot be undone. This will permanently delete the lead for <strong className="text-foreground">{lead.companyName}</strong> and remove all
              associated activities, messages and commissions.
            </>
          }
          destructive
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(lead.id, {
              onSuccess: () => void navigate('/leads', { replace: true }),
              onSettled: () => setDeleting(false),
            })
          }
          confirm={
            <>
              {remove.isPending ? <Spinner className="size-4 text-white" label="Deleting" /> : <Trash2 aria-hidden />}
              Delete Lead
            </>
          }
        />
      )}
    </>
  );
}

/**
 * A lead's own page (/leads/{id}): its details, state and owner, the discussion between its partner and the team
 * (administrators also see and write internal notes), and its timeline. Its partner may edit it while it is new and
 * withdraw it while it is open; administrators correct its details, change its status, owner, or delete it. A lead that is not there,
 * or not the viewer's, reads "Lead not found".
 */
export function LeadPage() {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const { data: user } = useCurrentUser();
  const lead = useLead(valid ? id : null);
  const notFound = !valid || (lead.error instanceof ApiError && (lead.error.status === 404 || lead.error.status === 400));
  useDocumentTitle(notFound ? 'Lead not found' : (lead.data?.companyName ?? 'Lead'));

  if (notFound) {
    return (
      <>
        <BackLink />
        <Card className="p-4">
          <EmptyState
            icon={SearchX}
            framed
            className="py-14"
            title="Lead not found"
            text="It may have been deleted, or it is not yours to see."
            action={
              <Button asChild variant="outline">
                <Link to="/leads">Back to My Leads</Link>
              </Button>
            }
          />
        </Card>
      </>
    );
  }
  if (lead.isError && !lead.data) {
    return (
      <>
        <BackLink />
        <Card className="p-4">
          <LoadError framed what="the lead" error={lead.error} onRetry={() => void lead.refetch()} />
        </Card>
      </>
    );
  }
  if (!lead.data || !user) return <LeadPageSkeleton />;
  return <LeadView key={lead.data.id} lead={lead.data} meId={user.id} admin={!!user.can.manageLeads} />;
}

import { Building2, CircleAlert, ClipboardList, FileText, History, Mail, NotebookPen, RefreshCw, Trash2, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { LEAD_TYPE_LABELS, RELATIONSHIP_LABELS, URGENCY_LABELS } from '../../../common/constants/leads.ts';
import type { Lead, LeadActivity } from '../../../common/schemas/lead.ts';
import { errorDetail } from '../../lib/api.ts';
import { formatDateTime, formatGBP } from '../../lib/format.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../ui/alert-dialog.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useDeleteLead, useLeadActivities } from './api.ts';
import { LeadStatusBadge } from './LeadStatusBadge.tsx';

function Section({ icon: Icon, title, children }: { icon: typeof Building2; title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3" aria-label={title}>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Icon className="size-4 text-muted-foreground" aria-hidden />
        {title}
      </h3>
      {children}
    </section>
  );
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-border bg-muted/40 p-4 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
          <dd className="mt-0.5 break-words text-sm">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The lead's progress timeline, oldest first: what happened, the notes, who and when. */
export function ActivityTimeline({ leadId }: { leadId: string }) {
  const activities = useLeadActivities(leadId);
  if (activities.isLoading) {
    return (
      <div className="grid gap-3" aria-busy="true" aria-label="Loading activity">
        {[0, 1].map((i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="mt-1 size-3 rounded-full" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-3 w-32" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (activities.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/20 bg-destructive-soft px-4 py-3 text-sm text-destructive">
        Could not load the timeline: {errorDetail(activities.error, 'please try again.')}
        <Button variant="outline" size="sm" onClick={() => void activities.refetch()}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </div>
    );
  }
  const list: LeadActivity[] = activities.data ?? [];
  if (!list.length) return <p className="rounded-lg border border-dashed border-border px-4 py-5 text-center text-sm text-muted-foreground">No activity updates yet.</p>;
  return (
    <ol className="relative grid gap-5 border-l-2 border-border pl-5 ml-1.5">
      {list.map((a, i) => (
        <li key={a.id} className="relative">
          <span
            className={`absolute -left-[27px] top-1 size-3 rounded-full ring-4 ring-card ${i === list.length - 1 ? 'bg-primary' : 'bg-muted-foreground/40'}`}
            aria-hidden
          />
          <p className="text-sm font-medium">{a.activity}</p>
          {a.notes && <p className="mt-1 whitespace-pre-wrap break-words rounded-md bg-muted/60 px-3 py-2 text-sm text-foreground">{a.notes}</p>}
          <p className="mt-1 text-xs text-muted-foreground">
            {a.userName ?? 'System'} · <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

/**
 * The lead details dialog (spec 01 §2): company, lead details, project description, admin notes when present,
 * the progress timeline and submission details. Admins also see the possible-duplicate flag and can delete the
 * lead after the 'Are you sure?' confirmation; `actions` adds buttons to the footer (e.g. Update Status).
 */
export function LeadDetailsDialog({
  lead,
  onOpenChange,
  isAdmin = false,
  actions,
}: {
  lead: Lead | null;
  onOpenChange: (open: boolean) => void;
  isAdmin?: boolean;
  actions?: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteLead();

  const confirmDelete = () => {
    if (!lead) return;
    remove.mutate(lead.id, {
      onSuccess: () => {
        setConfirming(false);
        onOpenChange(false);
      },
      onError: () => setConfirming(false),
    });
  };

  return (
    <Dialog open={!!lead} onOpenChange={onOpenChange}>
      {lead && (
        <DialogContent className="max-w-2xl gap-6">
          <DialogHeader>
            <div className="flex flex-wrap items-center gap-2">
              <DialogTitle>{lead.companyName}</DialogTitle>
              <LeadStatusBadge status={lead.status} />
            </div>
            <DialogDescription>
              {LEAD_TYPE_LABELS[lead.leadType]} lead · {formatGBP(lead.estimatedValue)} · submitted {formatDateTime(lead.createdAt)}
            </DialogDescription>
          </DialogHeader>

          {isAdmin && lead.possibleDuplicate && (
            <div role="note" className="flex gap-3 rounded-lg border border-warning/25 bg-warning-soft px-4 py-3 text-sm text-warning">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              <p>
                <span className="font-semibold">Possible duplicate.</span> Another open lead has the same company or contact e-mail domain. Check
                who introduced it first before working this one.
              </p>
            </div>
          )}

          <Section icon={Building2} title="Company information">
            <Facts
              items={[
                ['Company', lead.companyName],
                ['Industry', lead.industry],
                ['Contact name', lead.contactName],
                [
                  'Contact e-mail',
                  <a key="mail" className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline" href={`mailto:${lead.contactEmail}`}>
                    <Mail className="size-3.5" aria-hidden />
                    {lead.contactEmail}
                  </a>,
                ],
              ]}
            />
          </Section>

          <Section icon={ClipboardList} title="Lead details">
            <Facts
              items={[
                ['Lead type', LEAD_TYPE_LABELS[lead.leadType]],
                ['Estimated value', formatGBP(lead.estimatedValue)],
                ['Urgency', URGENCY_LABELS[lead.urgency]],
                ['Relationship strength', RELATIONSHIP_LABELS[lead.relationshipStrength]],
              ]}
            />
          </Section>

          <Section icon={FileText} title="Project description">
            <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{lead.projectDescription}</p>
          </Section>

          {lead.notes && (
            <Section icon={NotebookPen} title="Admin notes">
              <p className="whitespace-pre-wrap break-words rounded-lg border border-primary/10 bg-primary-soft/60 px-4 py-3 text-sm leading-relaxed">{lead.notes}</p>
            </Section>
          )}

          <Section icon={History} title="Progress timeline">
            <ActivityTimeline leadId={lead.id} />
          </Section>

          <Section icon={UserRound} title="Submission details">
            <Facts
              items={[
                ['Submitted by', lead.submitterName],
                ['Submitted', formatDateTime(lead.createdAt)],
                ['Last updated', formatDateTime(lead.updatedAt)],
                ['Reference', <span key="ref" className="font-mono text-xs">{lead.id.slice(0, 8).toUpperCase()}</span>],
              ]}
            />
          </Section>

          {(isAdmin || actions) && (
            <DialogFooter className="border-t border-border pt-4 sm:justify-between">
              {isAdmin ? (
                <Button variant="outline" className="border-destructive/30 text-destructive hover:bg-destructive-soft" onClick={() => setConfirming(true)}>
                  <Trash2 aria-hidden /> Delete Lead
                </Button>
              ) : (
                <span />
              )}
              {actions && <div className="flex flex-col-reverse gap-2 sm:flex-row">{actions}</div>}
            </DialogFooter>
          )}

          <AlertDialog open={confirming} onOpenChange={(o) => !remove.isPending && setConfirming(o)}>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Are you sure?</AlertDialogTitle>
                <AlertDialogDescription>
                  This action cannot be undone. This will permanently delete the lead for <strong className="text-foreground">{lead.companyName}</strong> and
                  remove all associated activities, notes and commissions.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
                <AlertDialogAction
                  variant="destructive"
                  disabled={remove.isPending}
                  onClick={(e) => {
                    e.preventDefault();
                    confirmDelete();
                  }}
                >
                  {remove.isPending ? <Spinner className="size-4 text-white" label="Deleting" /> : <Trash2 aria-hidden />}
                  Delete Lead
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </DialogContent>
      )}
    </Dialog>
  );
}

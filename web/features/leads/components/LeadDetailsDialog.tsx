import { Building2, CircleAlert, ClipboardList, FileText, History, Mail, NotebookPen, Trash2, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { LEAD_TYPE_LABELS, RELATIONSHIP_LABELS, URGENCY_LABELS } from '../../../../common/constants/leads.ts';
import type { Lead } from '../../../../common/schemas/lead.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime, formatGBP } from '../../../lib/format.ts';
import { useDeleteLead } from '../api/update-lead.ts';
import { ActivityTimeline } from './ActivityTimeline.tsx';
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

/**
 * The lead details dialog: company, lead details, project description, admin notes when present,
 * the progress timeline and submission details. Whoever the lead's abilities allow also sees the possible-duplicate
 * flag and can delete the lead after the 'Are you sure?' confirmation; `actions` adds buttons to the footer (e.g. Update Status).
 */
export function LeadDetailsDialog({ lead, onOpenChange, actions }: { lead: Lead | null; onOpenChange: (open: boolean) => void; actions?: ReactNode }) {
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

          {lead.can.seeDuplicateFlag && lead.possibleDuplicate && (
            <div role="note" className="flex gap-3 rounded-lg border border-warning/25 bg-warning-soft px-4 py-3 text-sm text-warning">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              <p>
                <span className="font-semibold">Possible duplicate.</span> Another open lead has the same company or contact e-mail domain. Check who introduced it first
                before working this one.
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
                [
                  'Reference',
                  <span key="ref" className="font-mono text-xs">
                    {lead.id.slice(0, 8).toUpperCase()}
                  </span>,
                ],
              ]}
            />
          </Section>

          {(lead.can.delete || actions) && (
            <DialogFooter className="border-t border-border pt-4 sm:justify-between">
              {lead.can.delete ? (
                <Button variant="outline" className="border-destructive/30 text-destructive hover:bg-destructive-soft" onClick={() => setConfirming(true)}>
                  <Trash2 aria-hidden /> Delete Lead
                </Button>
              ) : (
                <span />
              )}
              {actions && <div className="flex flex-col-reverse gap-2 sm:flex-row">{actions}</div>}
            </DialogFooter>
          )}

          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Are you sure?"
            description={
              <>
                This action cannot be undone. This will permanently delete the lead for <strong className="text-foreground">{lead.companyName}</strong> and remove all
                associated activities, notes and commissions.
              </>
            }
            destructive
            pending={remove.isPending}
            onConfirm={confirmDelete}
            confirm={
              <>
                {remove.isPending ? <Spinner className="size-4 text-white" label="Deleting" /> : <Trash2 aria-hidden />}
                Delete Lead
              </>
            }
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

import { useState } from 'react';
import { EVENT_MESSAGES as M } from '../../../../common/constants/events.ts';
import { LEAD_STATUSES, type LeadStatus } from '../../../../common/constants/options.ts';
import { STATUS_LABELS } from '../../../../common/rules/pipeline.ts';
import type { EventItem } from '../../../../common/schemas/events.ts';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { formatGBP } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useEventDetail, useEventReport, useMarkAttendance } from '../../events/index.ts';

/** Why attendance cannot be marked yet (or any more), or null when it can. */
const attendanceBlocked = (e: EventItem) => (e.can.markAttendance ? null : e.status === 'cancelled' ? M.cancelled : M.attendanceTooEarly);

/**
 * Attendance: the members holding a place, each with a checkbox for "attended". Saving sends the changes only:
 * the newly ticked as attended, the newly unticked as not attended. Ticking waits until the event has started.
 */
export function AttendanceDialog({ event, onClose }: { event: EventItem | null; onClose: () => void }) {
  return (
    <Dialog open={!!event} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Attendance</DialogTitle>
          <DialogDescription>{event ? `Who came to “${event.title}”. Members on the waitlist are not listed.` : ''}</DialogDescription>
        </DialogHeader>
        {event && <AttendanceForm key={event.id} event={event} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function AttendanceForm({ event, onClose }: { event: EventItem; onClose: () => void }) {
  const detail = useEventDetail(event.id);
  const mark = useMarkAttendance(event.id);
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const blocked = attendanceBlocked(event);
  const registered = (detail.data?.attendees ?? []).filter((a) => a.status === 'registered');
  const isTicked = (userId: string, saved: boolean) => ticked[userId] ?? saved;
  const changes = registered.filter((a) => isTicked(a.userId, a.attended) !== a.attended);

  const save = async () => {
    const attended = changes.filter((a) => !a.attended).map((a) => a.userId);
    const absent = changes.filter((a) => a.attended).map((a) => a.userId);
    try {
      if (attended.length) await mark.mutateAsync({ userIds: attended, attended: true });
      if (absent.length) await mark.mutateAsync({ userIds: absent, attended: false });
    } catch {
      return; // the hook has said what went wrong
    }
    toast({ variant: 'success', title: 'Attendance Saved', description: `Attendance for “${event.title}” has been saved.` });
    onClose();
  };

  return (
    <>
      {blocked && <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">{blocked}</p>}
      <QueryState
        query={detail}
        what="the attendee list"
        loading={<SkeletonRows count={4} rowClassName="h-9" label="Loading attendees" />}
        isEmpty={(d) => !(d.attendees ?? []).some((a) => a.status === 'registered')}
        empty={<EmptyState title="No one has registered" text="Members holding a place will be listed here." framed />}
      >
        {() => (
          <fieldset className="grid gap-1">
            <legend className="mb-2 text-sm font-medium">
              Attended ({registered.filter((a) => isTicked(a.userId, a.attended)).length} of {registered.length})
            </legend>
            {registered.map((a) => {
              const id = `attended-${a.userId}`;
              return (
                <div key={a.userId} className="flex items-center gap-3 rounded-md px-2 py-2 hover:bg-accent/50">
                  <Checkbox
                    id={id}
                    checked={isTicked(a.userId, a.attended)}
                    onCheckedChange={(c) => setTicked((t) => ({ ...t, [a.userId]: c === true }))}
                    disabled={!!blocked || mark.isPending}
                  />
                  <label htmlFor={id} className="flex-1 cursor-pointer text-sm">
                    {a.userName}
                  </label>
                  {a.attended && <Badge variant="success">Attended</Badge>}
                </div>
              );
            })}
          </fieldset>
        )}
      </QueryState>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={mark.isPending}>
          Close
        </Button>
        <Button type="button" onClick={() => void save()} disabled={!!blocked || mark.isPending || changes.length === 0}>
          {mark.isPending ? 'Saving…' : 'Save Attendance'}
        </Button>
      </DialogFooter>
    </>
  );
}

const leadStatusLabel = (s: string) => ((LEAD_STATUSES as readonly string[]).includes(s) ? STATUS_LABELS[s as LeadStatus] : s);

/** Event report: places, waitlist and attendance, then the leads members met there and what they have won. */
export function ReportDialog({ event, onClose }: { event: EventItem | null; onClose: () => void }) {
  const report = useEventReport(event?.id ?? null);
  return (
    <Dialog open={!!event} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Event Report</DialogTitle>
          <DialogDescription>{event ? `Attendance and leads from “${event.title}”.` : ''}</DialogDescription>
        </DialogHeader>
        <QueryState query={report} what="the event report" loading={<SkeletonRows count={5} rowClassName="h-10" label="Loading the report" />}>
          {(r) => (
            <div className="grid gap-5">
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                <Figure label="Registered" value={String(r.registeredCount)} />
                <Figure label="Waitlist" value={String(r.waitlistCount)} />
                <Figure label="Attended" value={String(r.attendedCount)} />
                <Figure label="Leads attributed" value={String(r.leads.count)} />
                <Figure label="Closed won" value={String(r.leads.closedWonCount)} />
                <Figure label="Closed-won value" value={formatGBP(r.leads.closedWonValue, 2)} />
              </dl>
              <section className="grid gap-3" aria-labelledby="event-report-leads">
                <h3 id="event-report-leads" className="text-base font-semibold">
                  Leads attributed
                </h3>
                {r.leads.items.length === 0 ? (
                  <EmptyState title="No leads yet" text="Leads whose submitter met the contact at this event appear here." framed />
                ) : (
                  <ResponsiveTable
                    rows={r.leads.items}
                    rowKey={(l) => l.id}
                    caption="Leads attributed to this event"
                    columns={[
                      { key: 'company', header: 'Company', cell: (l) => <span className="font-medium">{l.companyName}</span> },
                      { key: 'status', header: 'Status', cell: (l) => leadStatusLabel(l.status) },
                      { key: 'submitter', header: 'Submitted by', cell: (l) => l.submitterName },
                      { key: 'value', header: 'Estimated value', className: 'text-right', cell: (l) => formatGBP(l.estimatedValue, 2) },
                    ]}
                    card={(l) => (
                      <div className="grid gap-1 text-sm">
                        <p className="font-medium">{l.companyName}</p>
                        <p className="text-muted-foreground">
                          {leadStatusLabel(l.status)} · {l.submitterName} · {formatGBP(l.estimatedValue, 2)}
                        </p>
                      </div>
                    )}
                  />
                )}
              </section>
            </div>
          )}
        </QueryState>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

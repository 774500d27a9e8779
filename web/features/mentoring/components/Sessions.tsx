import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarPlus, CalendarX2, CheckCircle2, Clock, ExternalLink, Star } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { MENTORING_LIMITS as L } from '../../../../common/constants/mentoring.ts';
import { mentorshipSessionRateSchema, type MentorshipRequest, type MentorshipSession } from '../../../../common/schemas/mentoring.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, FieldError, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { placeServerErrors } from '../../../lib/form-errors.ts';
import { useCompleteSession, useRateSession, useScheduleSession, useSessions } from '../api/mentoring.ts';
import { scheduleSessionForm as scheduleForm } from '../lib/mentoring.ts';
import { StarRating, StarsShown } from './Rating.tsx';

type ScheduleIn = z.input<typeof scheduleForm>;
type ScheduleOut = z.output<typeof scheduleForm>;
const SCHEDULE_DEFAULTS: ScheduleIn = { scheduledAt: '', duration: 60, meetingLink: '', notes: '' };
const SCHEDULE_FIELDS = ['scheduledAt', 'duration', 'meetingLink', 'notes'] as const;

const detailOf = (e: unknown) => (e instanceof ApiError && e.status !== 500 ? e.detail : '');

/** Schedule Session (the mentor of an accepted mentorship): date and time, minutes, meeting link and notes. */
function ScheduleSessionDialog({ request, open, onOpenChange }: { request: MentorshipRequest; open: boolean; onOpenChange: (o: boolean) => void }) {
  const schedule = useScheduleSession(request.id);
  const form = useForm<ScheduleIn, unknown, ScheduleOut>({ resolver: zodResolver(scheduleForm), defaultValues: SCHEDULE_DEFAULTS, reValidateMode: 'onSubmit' });
  const err = form.formState.errors;
  const close = (o: boolean) => {
    if (schedule.isPending) return;
    if (!o) form.reset(SCHEDULE_DEFAULTS);
    onOpenChange(o);
  };
  const submit = form.handleSubmit((v) =>
    schedule.mutate(v, {
      onSuccess: () => {
        form.reset(SCHEDULE_DEFAULTS);
        onOpenChange(false);
      },
      onError: (e) => {
        if (!placeServerErrors(e, SCHEDULE_FIELDS, form.setError)) {
          form.setError('root', { message: detailOf(e) || 'Failed to schedule the session. Please try again.' });
        }
      },
    }),
  );
  const busy = schedule.isPending;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Schedule Session</DialogTitle>
          <DialogDescription>
            With {request.mentee.firstName} {request.mentee.lastName}. They are notified once it is scheduled.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
            <Field id="session-at" label="Date and time" error={err.scheduledAt?.message}>
              <Input type="datetime-local" disabled={busy} {...fieldA11y('session-at', err.scheduledAt?.message)} {...form.register('scheduledAt')} />
            </Field>
            <Field id="session-duration" label="Duration (minutes)" error={err.duration?.message}>
              <Input
                type="number"
                min={L.sessionMinutes.min}
                max={L.sessionMinutes.max}
                step={15}
                disabled={busy}
                {...fieldA11y('session-duration', err.duration?.message)}
                {...form.register('duration')}
              />
            </Field>
          </div>
          <Field id="session-link" label="Meeting link" optional error={err.meetingLink?.message}>
            <Input type="url" placeholder="https://" disabled={busy} {...fieldA11y('session-link', err.meetingLink?.message)} {...form.register('meetingLink')} />
          </Field>
          <Field id="session-notes" label="Notes" optional error={err.notes?.message}>
            <Textarea rows={3} maxLength={L.sessionNotes} disabled={busy} {...fieldA11y('session-notes', err.notes?.message)} {...form.register('notes')} />
          </Field>
          <FieldError id="session-form-error">{err.root?.message}</FieldError>
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Scheduling…' : 'Schedule Session'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const rateForm = mentorshipSessionRateSchema.extend({ review: z.string().max(L.review, `Feedback must be at most ${L.review} characters`) });
type RateIn = z.input<typeof rateForm>;
type RateOut = z.output<typeof rateForm>;

/** Rate Session (the mentee, once the session is held): 1 to 5 stars and optional feedback. */
function RateSessionDialog({ requestId, session, onClose }: { requestId: string; session: MentorshipSession | null; onClose: () => void }) {
  const rate = useRateSession(requestId);
  const form = useForm<RateIn, unknown, RateOut>({
    resolver: zodResolver(rateForm),
    defaultValues: { rating: undefined as unknown as number, review: '' },
    reValidateMode: 'onSubmit',
  });
  const err = form.formState.errors;
  const close = () => {
    if (rate.isPending) return;
    form.reset({ rating: undefined as unknown as number, review: '' });
    onClose();
  };
  const submit = form.handleSubmit((v) => {
    if (!session) return;
    rate.mutate(
      { sessionId: session.id, body: { rating: v.rating, review: v.review || null } },
      {
        onSuccess: () => {
          form.reset({ rating: undefined as unknown as number, review: '' });
          onClose();
        },
        onError: (e) => form.setError('root', { message: detailOf(e) || 'Failed to save your rating. Please try again.' }),
      },
    );
  });
  const busy = rate.isPending;
  return (
    <Dialog open={!!session} onOpenChange={(o) => !o && close()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Rate Session</DialogTitle>
          <DialogDescription>{session ? `Your session on ${formatDateTime(session.scheduledAt)}.` : ''}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <fieldset className="grid gap-2">
            <legend id="session-rating-legend" className="mb-2 text-sm font-medium">
              Your rating
            </legend>
            <Controller
              control={form.control}
              name="rating"
              render={({ field }) => (
                <StarRating
                  name="session-rating"
                  value={field.value ?? null}
                  onChange={(n) => {
                    field.onChange(n);
                    form.clearErrors('rating');
                  }}
                  disabled={busy}
                  describedBy={err.rating ? 'session-rating-error' : undefined}
                />
              )}
            />
            <FieldError id="session-rating-error">{err.rating?.message}</FieldError>
          </fieldset>
          <Field id="session-review" label="Feedback" optional error={err.review?.message}>
            <Textarea rows={3} maxLength={L.review} disabled={busy} {...fieldA11y('session-review', err.review?.message)} {...form.register('review')} />
          </Field>
          <FieldError id="rate-form-error">{err.root?.message}</FieldError>
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : 'Submit Rating'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The sessions of one mentorship, soonest first, under its request: the mentor schedules (while it is accepted),
 * either side marks a scheduled one completed, and the mentee rates a completed one once. Each session carries what
 * the viewer may do with it.
 */
export function SessionsPanel({ request }: { request: MentorshipRequest }) {
  const sessions = useSessions(request.id);
  const complete = useCompleteSession(request.id);
  const [scheduling, setScheduling] = useState(false);
  const [completing, setCompleting] = useState<MentorshipSession | null>(null);
  const [rating, setRating] = useState<MentorshipSession | null>(null);
  const headingId = `sessions-${request.id}`;
  return (
    <section className="mt-4 rounded-lg border border-border bg-muted/40 p-3" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold">
          Sessions
        </h4>
        {request.can.scheduleSession && (
          <Button size="sm" onClick={() => setScheduling(true)}>
            <CalendarPlus aria-hidden /> Schedule Session
          </Button>
        )}
      </div>
      <div className="mt-2">
        <QueryState
          query={sessions}
          what="sessions"
          loading={<SkeletonRows count={1} rowClassName="h-14 rounded-lg" label="Loading sessions" />}
          isEmpty={(d) => d.length === 0}
          empty={
            <p className="flex items-center gap-2 py-2 text-sm text-muted-foreground">
              <CalendarX2 className="size-4" aria-hidden />
              {request.can.scheduleSession ? 'No sessions yet. Schedule the first one.' : 'No sessions scheduled yet.'}
            </p>
          }
        >
          {(items) => (
            <ul className="grid gap-2" aria-label="Sessions">
              {items.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border bg-card p-3 text-sm">
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="font-medium">{formatDateTime(s.scheduledAt)}</p>
                    <p className="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
                      <span className="inline-flex items-center gap-1">
                        <Clock className="size-3.5" aria-hidden /> {s.duration} minutes
                      </span>
                      {s.meetingLink && (
                        <a
                          href={s.meetingLink}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="inline-flex items-center gap-1 text-primary underline-offset-2 hover:underline"
                        >
                          Join meeting <ExternalLink className="size-3.5" aria-hidden />
                          <span className="sr-only">(opens in a new tab)</span>
                        </a>
                      )}
                    </p>
                    {s.notes && <p className="mt-1 whitespace-pre-line break-words text-xs text-muted-foreground">{s.notes}</p>}
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={s.status === 'completed' ? 'success' : 'outline'} className="capitalize">
                      {s.status}
                    </Badge>
                    {s.menteeRating !== null && <StarsShown value={s.menteeRating} />}
                    {s.can.complete && (
                      <Button size="sm" variant="outline" disabled={complete.isPending && complete.variables === s.id} onClick={() => setCompleting(s)}>
                        <CheckCircle2 aria-hidden /> Mark Completed
                      </Button>
                    )}
                    {s.can.rate && (
                      <Button size="sm" variant="outline" onClick={() => setRating(s)}>
                        <Star aria-hidden /> Rate Session
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      {request.can.scheduleSession && <ScheduleSessionDialog request={request} open={scheduling} onOpenChange={setScheduling} />}
      <ConfirmDialog
        open={!!completing}
        onOpenChange={(o) => !o && setCompleting(null)}
        title="Mark this session completed?"
        description={completing ? `The session on ${formatDateTime(completing.scheduledAt)} will be marked as held; this cannot be undone.` : ''}
        confirm="Mark Completed"
        onConfirm={() => {
          if (completing) complete.mutate(completing.id);
          setCompleting(null);
        }}
      />
      <RateSessionDialog requestId={request.id} session={rating} onClose={() => setRating(null)} />
    </section>
  );
}

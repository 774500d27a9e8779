import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { MENTORSHIP_DURATIONS, MENTORSHIP_REQUEST_DEFAULTS, TIME_COMMITMENTS } from '../../../../common/constants/mentoring.ts';
import { mentorshipRequestCreateSchema, type MentorCard } from '../../../../common/schemas/mentoring.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, FieldError, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCreateMentorshipRequest } from '../api/mentoring.ts';

const formSchema = mentorshipRequestCreateSchema.omit({ menteeId: true, mentorId: true });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

const DEFAULTS: FormIn = { goalDescription: '', ...MENTORSHIP_REQUEST_DEFAULTS, preferredMeetingTime: '', additionalNotes: '' };
const DURATION_LABELS: Record<(typeof MENTORSHIP_DURATIONS)[number], string> = { '3 months': '3 months', '6 months': '6 months', '1 year': '1 year', ongoing: 'Ongoing' };

/** Request Mentorship from one mentor; closes and resets once the request is sent. */
export function RequestMentorshipDialog({ mentor, onClose }: { mentor: MentorCard | null; onClose: () => void }) {
  const send = useCreateMentorshipRequest();
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(formSchema), defaultValues: DEFAULTS, reValidateMode: 'onSubmit' });
  const err = form.formState.errors;
  const close = () => {
    form.reset(DEFAULTS);
    onClose();
  };

  const submit = form.handleSubmit((v) => {
    if (!mentor) return;
    send.mutate(
      { ...v, mentorId: mentor.userId },
      {
        onSuccess: close,
        onError: (e) => {
          const detail = e instanceof ApiError && e.status !== 500 ? e.detail : '';
          form.setError('root', { message: detail || 'Failed to send mentorship request. Please try again.' });
        },
      },
    );
  });

  const name = mentor ? `${mentor.user.firstName} ${mentor.user.lastName}` : '';
  return (
    <Dialog
      open={!!mentor}
      onOpenChange={(o) => {
        if (!o && !send.isPending) close();
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Request Mentorship</DialogTitle>
          <DialogDescription>Ask {name} to mentor you.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="request-goal" label="What do you want to achieve?" error={err.goalDescription?.message}>
            <Textarea rows={4} {...fieldA11y('request-goal', err.goalDescription?.message)} {...form.register('goalDescription')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="request-commitment" label="Time commitment">
              <Controller
                control={form.control}
                name="timeCommitment"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="request-commitment">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {TIME_COMMITMENTS.map((t) => (
                        <SelectItem key={t} value={t}>
                          {t}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <Field id="request-duration" label="Duration">
              <Controller
                control={form.control}
                name="duration"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="request-duration">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {MENTORSHIP_DURATIONS.map((d) => (
                        <SelectItem key={d} value={d}>
                          {DURATION_LABELS[d]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
          </div>
          <Field id="request-time" label="Preferred meeting time" optional error={err.preferredMeetingTime?.message}>
            <Input placeholder="e.g. Tuesday evenings" {...fieldA11y('request-time', err.preferredMeetingTime?.message)} {...form.register('preferredMeetingTime')} />
          </Field>
          <Field id="request-notes" label="Additional notes" optional error={err.additionalNotes?.message}>
            <Textarea rows={3} {...fieldA11y('request-notes', err.additionalNotes?.message)} {...form.register('additionalNotes')} />
          </Field>
          <FieldError id="request-error">{err.root?.message}</FieldError>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send Request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

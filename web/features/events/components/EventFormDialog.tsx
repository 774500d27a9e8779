import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { EVENT_CATEGORIES, EVENT_CATEGORY_LABELS, EVENT_LIMITS as L, EVENT_MESSAGES as M, EVENT_TYPE_LABELS, EVENT_TYPES } from '../../../../common/constants/events.ts';
import { eventCreateSchema, type EventCreateData, type EventCreateInput, type EventDetail } from '../../../../common/schemas/events.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, FieldError, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { TagInput } from '../../../components/ui/tag-input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api.ts';
import { placeServerErrors } from '../../../lib/form-errors.ts';
import { useCreateEvent, useUpdateEvent } from '../api/events.ts';
import { capacityValue, changedEventFields, dateIssuesOf, EMPTY_EVENT_FORM, eventFormValues, timeZoneOptions, type EventFormValues } from '../lib/event-form.ts';

type FieldName = keyof EventFormValues;
const FIELDS = Object.keys(EMPTY_EVENT_FORM) as FieldName[];
const TAG_LIMITS = { max: L.tags.max, length: L.tags.each };

const schemaResolver = zodResolver(eventCreateSchema);
/** The shared schema, plus the date rules for dates already filled in, so one submit shows every message. */
const resolver: Resolver<EventCreateInput, unknown, EventCreateData> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  if (!Object.keys(result.errors).length) return result;
  const errors = { ...result.errors };
  for (const issue of dateIssuesOf(values)) errors[issue.path] ??= { type: 'custom', message: issue.message };
  return { values: {}, errors };
};

const detailOf = (e: unknown) => (e instanceof ApiError && e.status !== 500 ? e.detail : '');

/**
 * The event fields, shared by Create Event and Edit Event. Dates are typed as wall-clock times in the chosen zone;
 * the shared schema checks them (and every other rule) before anything is sent, and the server's field messages
 * are put under their fields too.
 */
function EventForm({
  initial,
  submitLabel,
  pendingLabel,
  pending,
  onCancel,
  onSave,
}: {
  initial: EventFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onCancel: () => void;
  onSave: (parsed: EventCreateData, typed: EventCreateInput, initial: EventFormValues, onFailure: (e: unknown, fallback: string) => void) => void;
}) {
  const form = useForm<EventCreateInput, unknown, EventCreateData>({ resolver, defaultValues: initial, reValidateMode: 'onSubmit' });
  const err = form.formState.errors;
  // a webinar needs no location; an in-person or hybrid event does
  const eventType = useWatch({ control: form.control, name: 'type' });
  const tagsError =
    (err.tags as { message?: string } | undefined)?.message ?? (err.tags as unknown as Array<{ message?: string }> | undefined)?.find?.((e) => e?.message)?.message;
  const onFailure = (e: unknown, fallback: string) => {
    if (!placeServerErrors(e, FIELDS, form.setError)) form.setError('root', { message: detailOf(e) || fallback });
  };
  const submit = form.handleSubmit((parsed) => onSave(parsed, form.getValues(), initial, onFailure));
  const zones = timeZoneOptions(initial.timezone);
  const text = (name: FieldName, id: string, props: Record<string, unknown> = {}) => ({
    disabled: pending,
    ...fieldA11y(id, err[name]?.message),
    ...props,
    ...form.register(name),
  });

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
      <Field id="event-title" label="Title" error={err.title?.message}>
        <Input {...text('title', 'event-title')} />
      </Field>
      <Field id="event-description" label="Description" error={err.description?.message}>
        <Textarea rows={4} {...text('description', 'event-description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="event-type" label="Type" error={err.type?.message}>
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={pending}>
                <SelectTrigger {...fieldA11y('event-type', err.type?.message)}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {EVENT_TYPES.map((t) => (
                    <SelectItem key={t} value={t}>
                      {EVENT_TYPE_LABELS[t]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field id="event-category" label="Category" error={err.category?.message}>
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={pending}>
                <SelectTrigger {...fieldA11y('event-category', err.category?.message)}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {EVENT_CATEGORIES.map((c) => (
                    <SelectItem key={c} value={c}>
                      {EVENT_CATEGORY_LABELS[c]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field id="event-start" label="Start" error={err.startDate?.message}>
          <Input type="datetime-local" {...text('startDate', 'event-start')} />
        </Field>
        <Field id="event-end" label="End" error={err.endDate?.message}>
          <Input type="datetime-local" {...text('endDate', 'event-end')} />
        </Field>
        <Field id="event-timezone" label="Time zone" error={err.timezone?.message}>
          <Controller
            control={form.control}
            name="timezone"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={pending}>
                <SelectTrigger {...fieldA11y('event-timezone', err.timezone?.message)}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {zones.map((z) => (
                    <SelectItem key={z} value={z}>
                      {z.replaceAll('_', ' ')}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field id="event-deadline" label="Registration deadline" optional error={err.registrationDeadline?.message}>
          <Input type="datetime-local" {...text('registrationDeadline', 'event-deadline')} />
        </Field>
        <Field id="event-location" label="Location" optional={eventType === 'webinar'} error={err.location?.message}>
          <Input maxLength={L.location.max + 20} {...text('location', 'event-location')} />
        </Field>
        <Field id="event-link" label="Meeting link" optional error={err.meetingLink?.message}>
          <Input type="url" placeholder="https://" {...text('meetingLink', 'event-link')} />
        </Field>
        <Field id="event-capacity" label="Maximum attendees" optional error={err.maxAttendees?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            disabled={pending}
            {...fieldA11y('event-capacity', err.maxAttendees?.message)}
            {...form.register('maxAttendees', { setValueAs: capacityValue })}
          />
        </Field>
        <Field id="event-fee" label="Fee (£)" optional error={err.fee?.message}>
          <Input type="number" inputMode="decimal" min={0} step={0.01} placeholder="Free" {...text('fee', 'event-fee')} />
        </Field>
      </div>
      <Controller
        control={form.control}
        name="tags"
        render={({ field }) => (
          <TagInput
            id="event-tags"
            label="Tags"
            placeholder="Add a tag, e.g. Fintech"
            value={field.value ?? []}
            onChange={(tags) => {
              field.onChange(tags);
              form.clearErrors('tags');
            }}
            limits={TAG_LIMITS}
            error={tagsError}
            disabled={pending}
          />
        )}
      />
      <Field id="event-linkedin" label="LinkedIn promotion text" optional error={err.linkedinPromotionText?.message}>
        <Textarea rows={3} maxLength={L.linkedinPromotionText.max} {...text('linkedinPromotionText', 'event-linkedin')} />
      </Field>
      <Controller
        control={form.control}
        name="registrationRequired"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-3">
            <div className="grid gap-1">
              <Label htmlFor="event-registration">Registration required</Label>
              <p id="event-registration-hint" className="text-xs text-muted-foreground">
                Members register for a place; when the event is full they join the waitlist.
              </p>
            </div>
            <Switch id="event-registration" checked={!!field.value} onCheckedChange={field.onChange} disabled={pending} aria-describedby="event-registration-hint" />
          </div>
        )}
      />
      <FieldError id="event-form-error">{err.root?.message}</FieldError>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Create Event (no `event`) or Edit Event (the event to change), for administrators. The form is mounted afresh on
 * each opening, so it starts empty (or from the saved event) and a closed dialog forgets what was typed. Edit Event
 * sends only the fields that changed; an unchanged form just closes.
 */
export function EventFormDialog({ event, open, onOpenChange }: { event?: EventDetail | null; open: boolean; onOpenChange: (o: boolean) => void }) {
  const create = useCreateEvent();
  const update = useUpdateEvent(event?.id ?? '');
  const pending = event ? update.isPending : create.isPending;
  const close = (o: boolean) => {
    if (!pending) onOpenChange(o);
  };
  const done = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{event ? 'Edit Event' : 'Create Event'}</DialogTitle>
          <DialogDescription>
            {event ? 'Registered members are told when the time or place changes.' : "Times are read in the event's time zone. Members can register once it is created."}
          </DialogDescription>
        </DialogHeader>
        {event ? (
          <EventForm
            key={event.id}
            initial={eventFormValues(event)}
            submitLabel="Save Changes"
            pendingLabel="Saving…"
            pending={update.isPending}
            onCancel={() => close(false)}
            onSave={(parsed, typed, initial, onFailure) => {
              const changes = changedEventFields(initial, typed, parsed);
              if (Object.keys(changes).length === 0) return done();
              update.mutate(changes, { onSuccess: done, onError: (e) => onFailure(e, 'Failed to update event') });
            }}
          />
        ) : (
          <EventForm
            initial={EMPTY_EVENT_FORM}
            submitLabel="Create Event"
            pendingLabel="Creating…"
            pending={create.isPending}
            onCancel={() => close(false)}
            onSave={(parsed, _typed, _initial, onFailure) => create.mutate(parsed, { onSuccess: done, onError: (e) => onFailure(e, M.createFailed) })}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

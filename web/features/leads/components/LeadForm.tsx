import { zodResolver } from '@hookform/resolvers/zod';
import { Briefcase, GraduationCap, Save, Send, UsersRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  LEAD_INDUSTRIES,
  LEAD_TYPE_LABELS,
  LEAD_TYPES,
  RELATIONSHIP_LABELS,
  RELATIONSHIP_STRENGTHS,
  URGENCY_LABELS,
  URGENCY_LEVELS,
  type LeadType,
} from '../../../../common/constants/leads.ts';
import { formatEventDate } from '../../../../common/rules/events.ts';
import { leadInputSchema, type LEAD_COMMISSION_FIELDS } from '../../../../common/schemas/lead.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { placeServerErrors } from '../../../lib/form-errors.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { cn } from '../../../lib/utils.ts';
import { useEventList } from '../../events/index.ts';
import { useDuplicateCheck } from '../api/leads.ts';
import { DuplicateNotice } from './DuplicateNotice.tsx';

/** The form's values as typed (an existing lead's, to edit it). */
export type LeadFormValues = z.input<typeof leadInputSchema>;

/** Fields shown but not to be changed, and why (a won lead's commission fields, when an administrator edits it). */
export interface LockedLeadFields {
  fields: ReadonlyArray<(typeof LEAD_COMMISSION_FIELDS)[number]>;
  reason: string;
}
type LeadForm = LeadFormValues;
type LeadFormData = z.output<typeof leadInputSchema>;
type FieldName = keyof LeadForm;

const DESCRIPTION_MAX = 5000;

const DEFAULTS: LeadForm = {
  leadType: 'interim',
  estimatedValue: '',
  companyName: '',
  industry: undefined as unknown as LeadForm['industry'],
  contactName: '',
  contactEmail: '',
  projectDescription: '',
  urgency: 'medium',
  relationshipStrength: 'medium',
  sourceEventId: undefined,
};

/** The "Not at an event" choice of the event select (a select option needs a value; it sends nothing). */
const NO_EVENT = 'none';
const SOURCE_EVENTS = { when: 'past', category: '', search: '', page: 1, pageSize: 50, status: 'active' } as const;

const FIELDS = Object.keys(DEFAULTS) as FieldName[];

const TYPE_INFO: Record<LeadType, { text: string; icon: LucideIcon }> = {
  interim: { text: 'An interim executive for a fixed period', icon: Briefcase },
  advisory: { text: 'Board, advisory or consulting support', icon: GraduationCap },
  recruitment: { text: 'A permanent executive hire', icon: UsersRound },
};

/** The form's sections, also listed in the page's side navigation. */
export const LEAD_FORM_SECTIONS = [
  { id: 'lead-section-type', title: 'Lead type & budget' },
  { id: 'lead-section-company', title: 'Company' },
  { id: 'lead-section-contact', title: 'Contact' },
  { id: 'lead-section-project', title: 'Project' },
  { id: 'lead-section-timing', title: 'Timing & relationship' },
] as const;

function Section({ index, description, children }: { index: number; description?: string; children: ReactNode }) {
  const { id, title } = LEAD_FORM_SECTIONS[index];
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-24 gap-5 border-t border-border pt-7 first:border-t-0 first:pt-0">
      <div className="flex items-start gap-3">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary" aria-hidden>
          {index + 1}
        </span>
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
        </div>
      </div>
      {children}
    </section>
  );
}

/**
 * The Submit New Lead form: lead type (default interim), budget in GBP, company, industry, contact,
 * description, urgency and relationship strength (default medium). The shared leadInputSchema checks it; the
 * server's per-field answers land under the same fields. While company and e-mail are typed, the duplicate
 * check runs (debounced) and shows a notice that never blocks submitting.
 *
 * The Edit lead dialog uses the same form with the lead's values (`initial`), its own button and Cancel, and
 * no duplicate check (the lead would match itself); `locked` fields are shown disabled with the reason.
 */
export function LeadForm({
  pending,
  onSubmit,
  initial,
  submitLabel = 'Submit Lead',
  pendingLabel = 'Submitting…',
  formLabel = 'Submit New Lead',
  onCancel,
  locked,
}: {
  pending: boolean;
  onSubmit: (data: LeadFormData, placeServerErrors: (err: unknown) => boolean) => void;
  /** The values the form starts from (an existing lead's, when editing it). */
  initial?: LeadForm;
  submitLabel?: string;
  pendingLabel?: string;
  formLabel?: string;
  /** Cancel closes whatever holds the form; without it, Cancel goes back to My Leads. */
  onCancel?: () => void;
  /** Fields that cannot be changed here, shown disabled with the reason. */
  locked?: LockedLeadFields;
}) {
  const form = useForm<LeadForm, unknown, LeadFormData>({
    resolver: zodResolver(leadInputSchema),
    defaultValues: initial ?? DEFAULTS,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const [companyName, contactEmail, description] = useWatch({ control: form.control, name: ['companyName', 'contactEmail', 'projectDescription'] });
  const debouncedCompany = useDebouncedValue(companyName ?? '', 400);
  const debouncedEmail = useDebouncedValue(contactEmail ?? '', 400);
  const checksDuplicates = !initial;
  const duplicate = useDuplicateCheck(checksDuplicates ? debouncedCompany : '', checksDuplicates ? debouncedEmail : '');
  // the events the member may have met the contact at: the latest 50 that have taken place
  const sourceEvents = useEventList(SOURCE_EVENTS);

  const reg = (name: FieldName) => form.register(name, { onChange: () => form.clearErrors(name) });
  const err = (name: FieldName) => errors[name]?.message as string | undefined;
  const a11y = (name: FieldName, hasHint = false) => fieldA11y(`lead-${name}`, err(name), hasHint);

  /** The server's per-field messages go under the fields they concern. */
  const placeFieldErrors = (e: unknown): boolean => placeServerErrors(e, FIELDS, form.setError);

  const selectField = <N extends 'industry' | 'urgency' | 'relationshipStrength'>(
    name: N,
    label: string,
    options: readonly string[],
    optionLabel: (o: string) => string,
    placeholder?: string,
  ) => (
    <Field id={`lead-${name}`} label={label} error={err(name)}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select
            value={(field.value as string | undefined) ?? ''}
            onValueChange={(v) => {
              field.onChange(v);
              form.clearErrors(name);
            }}
          >
            <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...a11y(name)}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent>
              {options.map((o) => (
                <SelectItem key={o} value={o}>
                  {optionLabel(o)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );

  const isLocked = (name: 'leadType' | 'estimatedValue') => !!locked?.fields.includes(name);
  const lockedNote = locked?.fields.length ? 'lead-locked-fields' : undefined;

  const companyDup = !!duplicate.match?.companyMatch;
  const domainDup = !!duplicate.match?.domainMatch;

  return (
    <form noValidate onSubmit={form.handleSubmit((data) => onSubmit(data, placeFieldErrors))} className="grid gap-8" aria-label={formLabel}>
      <Section index={0} description="What kind of engagement is this, and what is the client expecting to spend?">
        {lockedNote && (
          <p id={lockedNote} role="note" className="rounded-lg border border-border bg-muted px-3.5 py-2.5 text-sm text-muted-foreground">
            {locked?.reason}
          </p>
        )}
        <Controller
          control={form.control}
          name="leadType"
          render={({ field }) => (
            <fieldset
              className="grid gap-2 disabled:opacity-60"
              disabled={isLocked('leadType')}
              aria-describedby={[err('leadType') && 'lead-leadType-error', isLocked('leadType') && lockedNote].filter(Boolean).join(' ') || undefined}
            >
              <legend className="mb-2 text-sm font-medium">Lead Type</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {LEAD_TYPES.map((t) => {
                  const { text, icon: Icon } = TYPE_INFO[t];
                  const checked = field.value === t;
                  return (
                    <label
                      key={t}
                      className={cn(
                        'relative flex cursor-pointer gap-3 rounded-lg border bg-card p-3.5 has-[:disabled]:cursor-not-allowed transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                        checked ? 'border-primary bg-primary-soft/60 ring-1 ring-primary' : 'border-input hover:bg-accent',
                      )}
                    >
                      <input
                        type="radio"
                        name={field.name}
                        value={t}
                        checked={checked}
                        onChange={() => field.onChange(t)}
                        onBlur={field.onBlur}
                        ref={checked ? field.ref : undefined}
                        className="sr-only"
                      />
                      <Icon className={cn('mt-0.5 size-5 shrink-0', checked ? 'text-primary' : 'text-muted-foreground')} aria-hidden />
                      <span>
                        <span className="block text-sm font-semibold">{LEAD_TYPE_LABELS[t]}</span>
                        <span className="mt-0.5 block text-xs leading-snug text-muted-foreground">{text}</span>
                      </span>
                    </label>
                  );
                })}
              </div>
              <FieldError id="lead-leadType-error">{err('leadType')}</FieldError>
            </fieldset>
          )}
        />
        <Field id="lead-estimatedValue" label="Estimated Budget (GBP)" error={err('estimatedValue')} hint="In pounds sterling, e.g. 45000" className="sm:max-w-xs">
          <div className="relative">
            <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
              £
            </span>
            <Input
              {...a11y('estimatedValue', true)}
              {...reg('estimatedValue')}
              disabled={isLocked('estimatedValue')}
              {...(isLocked('estimatedValue') ? { 'aria-describedby': `${a11y('estimatedValue', true)['aria-describedby'] ?? ''} ${lockedNote}`.trim() } : {})}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              placeholder="50000"
              className="pl-7 tabular-nums"
            />
          </div>
        </Field>
      </Section>

      <Section index={1} description="The organisation that needs the help.">
        <div>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="lead-companyName" label="Company Name" error={err('companyName')}>
              <Input {...a11y('companyName')} {...reg('companyName')} autoComplete="organization" placeholder="e.g. Northwind Energy Ltd" maxLength={200} />
            </Field>
            {selectField('industry', 'Industry', LEAD_INDUSTRIES, (o) => o, 'Select an industry')}
          </div>
          <div aria-live="polite">{companyDup && <DuplicateNotice id="lead-company-duplicate" kind="company" className="mt-4" />}</div>
        </div>
      </Section>

      <Section index={2} description="Who we should speak to. We introduce ourselves in your name.">
        <div>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="lead-contactName" label="Contact Name" error={err('contactName')}>
              <Input {...a11y('contactName')} {...reg('contactName')} autoComplete="off" placeholder="Full name" maxLength={100} />
            </Field>
            <Field id="lead-contactEmail" label="Contact Email" error={err('contactEmail')}>
              <Input {...a11y('contactEmail')} {...reg('contactEmail')} type="email" autoComplete="off" placeholder="name@company.com" maxLength={254} />
            </Field>
          </div>
          <div aria-live="polite">{domainDup && !companyDup && <DuplicateNotice id="lead-domain-duplicate" kind="domain" className="mt-4" />}</div>
        </div>
        <Field
          id="lead-sourceEventId"
          label="Where did you meet this contact?"
          optional
          error={err('sourceEventId')}
          hint={sourceEvents.isError ? 'Events could not be loaded. You can submit the lead without one.' : undefined}
          className="sm:max-w-md"
        >
          <Controller
            control={form.control}
            name="sourceEventId"
            render={({ field }) => (
              <Select
                value={field.value ?? NO_EVENT}
                onValueChange={(v) => {
                  field.onChange(v === NO_EVENT ? undefined : v);
                  form.clearErrors('sourceEventId');
                }}
              >
                <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...a11y('sourceEventId')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_EVENT}>Not at an event</SelectItem>
                  {(sourceEvents.data?.items ?? []).map((e) => (
                    <SelectItem key={e.id} value={e.id}>
                      {e.title} · {formatEventDate(e.startDate, e.timezone).split(' at ')[0]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </Section>

      <Section index={3} description="What the client needs: the role, the challenge, the scope.">
        <Field id="lead-projectDescription" label="Project Description" error={err('projectDescription')} hint={`${(description ?? '').length}/${DESCRIPTION_MAX}`}>
          <Textarea
            {...a11y('projectDescription', true)}
            {...reg('projectDescription')}
            rows={6}
            maxLength={DESCRIPTION_MAX}
            placeholder="Describe the opportunity, the requirements and anything our team should know before making contact."
          />
        </Field>
      </Section>

      <Section index={4} description="How soon the client needs someone, and how well you know them.">
        <div className="grid gap-5 sm:grid-cols-2">
          {selectField('urgency', 'Urgency', URGENCY_LEVELS, (o) => URGENCY_LABELS[o as keyof typeof URGENCY_LABELS])}
          {selectField('relationshipStrength', 'Relationship Strength', RELATIONSHIP_STRENGTHS, (o) => RELATIONSHIP_LABELS[o as keyof typeof RELATIONSHIP_LABELS])}
        </div>
      </Section>

      <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to="/leads">Cancel</Link>
          </Button>
        )}
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? (
            <Spinner className="size-4 text-primary-foreground" label={pendingLabel.replace(/…$/, '')} />
          ) : initial ? (
            <Save aria-hidden />
          ) : (
            <Send aria-hidden />
          )}
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

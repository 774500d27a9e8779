import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { LIMITS } from '../../../../common/constants/limits.ts';
import { BUSINESS_INTEREST_OPTIONS, EXPERTISE_OPTIONS, INDUSTRY_OPTIONS } from '../../../../common/constants/options.ts';
import { registerSchema } from '../../../../common/schemas/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxGroup } from '../../../components/ui/checkbox-group.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api.ts';

type RegisterForm = z.input<typeof registerSchema>;
type RegisterData = z.output<typeof registerSchema>;
type FieldName = keyof RegisterForm;

const EMPTY: RegisterForm = {
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  company: '',
  jobTitle: '',
  location: '',
  phoneNumber: '',
  password: '',
  confirmPassword: '',
  dateOfBirth: '',
  fullAddress: '',
  yearsExperience: '',
  bio: '',
  expertise: [],
  industries: [],
  businessInterests: [],
  networkingGoals: '',
  linkedinUrl: '',
  website: '',
};

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="grid gap-5 border-t border-border pt-7 first:border-t-0 first:pt-0">
      <div>
        <h2 className="text-base font-semibold">{title}</h2>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/**
 * The membership application form. The shared registerSchema checks it on submit; the
 * server's per-field answers (duplicate e-mail or username, validation) land under the same fields.
 */
export function RegisterForm({ pending, onSubmit }: { pending: boolean; onSubmit: (data: RegisterData, onFieldErrors: (err: unknown) => boolean) => Promise<void> }) {
  const form = useForm<RegisterForm, unknown, RegisterData>({
    resolver: zodResolver(registerSchema),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const bio = useWatch({ control: form.control, name: 'bio' }) ?? '';
  const goals = useWatch({ control: form.control, name: 'networkingGoals' }) ?? '';

  /** Editing a field clears its error. */
  const reg = (name: FieldName) => form.register(name, { onChange: () => form.clearErrors(name) });
  const err = (name: FieldName) => errors[name]?.message as string | undefined;
  const a11y = (name: FieldName, hasHint = false) => fieldA11y(`reg-${name}`, err(name), hasHint);

  /** Puts the server's field messages under their fields; false when there were none to place. */
  const applyServerErrors = (e: unknown): boolean => {
    if (!(e instanceof ApiError) || !e.issues.length) return false;
    let placed = false;
    for (const issue of e.issues) {
      const name = issue.path.split('.')[0] as FieldName;
      if (!(name in EMPTY)) continue;
      form.setError(name, { type: 'server', message: issue.message }, { shouldFocus: !placed });
      placed = true;
    }
    return placed;
  };

  const text = (name: FieldName, label: string, props: Record<string, unknown> = {}, optional = false) => (
    <Field id={`reg-${name}`} label={label} error={err(name)} optional={optional}>
      <Input {...a11y(name)} {...props} {...reg(name)} />
    </Field>
  );

  const group = (name: 'expertise' | 'industries' | 'businessInterests', legend: string, options: readonly string[], columns: 2 | 3) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <CheckboxGroup
          id={`reg-${name}`}
          legend={legend}
          options={options}
          value={(field.value ?? []) as string[]}
          onChange={(next) => {
            field.onChange(next);
            form.clearErrors(name);
          }}
          error={err(name)}
          firstRef={field.ref}
          columns={columns}
        />
      )}
    />
  );

  return (
    <form noValidate onSubmit={form.handleSubmit((data) => onSubmit(data, applyServerErrors))} className="grid gap-8">
      <Section title="Personal details">
        <div className="grid gap-5 sm:grid-cols-2">
          {text('firstName', 'First Name', { autoComplete: 'given-name' })}
          {text('lastName', 'Last Name', { autoComplete: 'family-name' })}
          {text('email', 'Email', { type: 'email', autoComplete: 'email', placeholder: 'you@company.com' })}
          {text('phoneNumber', 'Phone Number', { type: 'tel', autoComplete: 'tel' }, true)}
          {text('dateOfBirth', 'Date of Birth', { type: 'date', autoComplete: 'bday', max: new Date().toISOString().slice(0, 10) })}
          {text('location', 'Location', { placeholder: 'City, Country', autoComplete: 'address-level2' })}
        </div>
        {text('fullAddress', 'Full Address', { placeholder: 'Street, City, Postal Code, Country', autoComplete: 'street-address' })}
      </Section>

      <Section title="Professional background">
        <div className="grid gap-5 sm:grid-cols-2">
          {text('company', 'Company', { autoComplete: 'organization' })}
          {text('jobTitle', 'Job Title', { autoComplete: 'organization-title' })}
          {text('yearsExperience', 'Years of Experience', {
            type: 'number',
            inputMode: 'numeric',
            min: LIMITS.yearsExperience.min,
            max: LIMITS.yearsExperience.max,
            step: 1,
          })}
          {text('linkedinUrl', 'LinkedIn URL', { type: 'url', placeholder: 'https://www.linkedin.com/in/…' }, true)}
          {text('website', 'Website', { type: 'url', placeholder: 'https://…' }, true)}
        </div>
        <Field id="reg-bio" label="Professional Bio" error={err('bio')} hint={`${bio.length}/${LIMITS.bio.max}`}>
          <Textarea {...a11y('bio', true)} rows={4} maxLength={LIMITS.bio.max} placeholder="Tell us about your professional background and experience" {...reg('bio')} />
        </Field>
      </Section>

      <Section title="Expertise and interests" description="Select everything that applies; we use this to introduce you to the right members.">
        {group('expertise', 'Areas of Expertise', EXPERTISE_OPTIONS, 2)}
        {group('industries', 'Industries', INDUSTRY_OPTIONS, 3)}
        {group('businessInterests', 'Business Interests', BUSINESS_INTEREST_OPTIONS, 2)}
        <Field id="reg-networkingGoals" label="Networking Goals" error={err('networkingGoals')} hint={`${goals.length}/${LIMITS.networkingGoals.max}`}>
          <Textarea
            {...a11y('networkingGoals', true)}
            rows={3}
            maxLength={LIMITS.networkingGoals.max}
            placeholder="What do you hope to achieve through the network?"
            {...reg('networkingGoals')}
          />
        </Field>
      </Section>

      <Section title="Account">
        <div className="grid gap-5 sm:grid-cols-2">
          {text('username', 'Username', { autoComplete: 'username' })}
          <div className="hidden sm:block" aria-hidden />
          {text('password', 'Password', { type: 'password', autoComplete: 'new-password', placeholder: 'At least 8 characters' })}
          {text('confirmPassword', 'Confirm Password', { type: 'password', autoComplete: 'new-password' })}
        </div>
      </Section>

      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}

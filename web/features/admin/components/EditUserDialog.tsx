import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { adminUserUpdateSchema, type AdminUser, type AdminUserUpdate, type AdminUserUpdateInput } from '../../../../common/schemas/admin.ts';
import { PROFILE_LIMITS } from '../../../../common/schemas/profile.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TagInput } from '../../../components/ui/tag-input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api.ts';
import { placeServerErrors } from '../../../lib/form-errors.ts';
import { useUpdateUser } from '../api/users.ts';
import { fullName } from './UserBadges.tsx';

type Values = AdminUserUpdateInput;
type FieldName = keyof Values;
const FIELDS: readonly FieldName[] = [
  'firstName',
  'lastName',
  'company',
  'jobTitle',
  'location',
  'phoneNumber',
  'bio',
  'linkedinUrl',
  'website',
  'expertise',
  'industries',
];

/** The form's starting values: the member's details as they are saved. */
function defaults(u: AdminUser): Values {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    company: u.company ?? '',
    jobTitle: u.jobTitle ?? '',
    location: u.location ?? '',
    phoneNumber: u.phoneNumber ?? '',
    bio: u.bio ?? '',
    linkedinUrl: u.linkedinUrl ?? '',
    website: u.website ?? '',
    expertise: u.expertise,
    industries: u.industries,
  };
}

/**
 * "Edit details": an administrator corrects a member's profile with the fields and messages of Profile Settings.
 * Whether they show in the directory, their password and their picture stay the member's own. The server keeps
 * only what changed and records it in the audit log. Mounted only while open, so each opening starts from the
 * saved record.
 */
export function EditUserDialog({ user, open, onOpenChange }: { user: AdminUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const update = useUpdateUser();
  const form = useForm<Values, unknown, AdminUserUpdate>({ resolver: zodResolver(adminUserUpdateSchema), defaultValues: defaults(user), reValidateMode: 'onSubmit' });
  const { errors } = form.formState;
  const busy = update.isPending;
  const reg = (name: FieldName) => form.register(name, { onChange: () => form.clearErrors(name) });
  const err = (name: FieldName) => (errors[name] as { message?: string } | undefined)?.message;

  const close = (o: boolean) => {
    if (busy) return;
    if (!o) update.reset();
    onOpenChange(o);
  };

  const submit = form.handleSubmit((changes) =>
    update.mutate(
      { id: user.id, changes },
      {
        onSuccess: () => onOpenChange(false),
        onError: (e) => {
          if (placeServerErrors(e, FIELDS, form.setError)) return;
          form.setError('root', { message: e instanceof ApiError && e.status !== 500 && e.status !== 0 ? e.detail : 'Failed to save the details. Please try again.' });
        },
      },
    ),
  );

  const text = (name: FieldName, label: string, extra: { type?: string; optional?: boolean; placeholder?: string } = {}) => (
    <Field id={`edit-user-${name}`} label={label} optional={extra.optional} error={err(name)}>
      <Input
        {...fieldA11y(`edit-user-${name}`, err(name))}
        {...reg(name)}
        type={extra.type ?? 'text'}
        autoComplete="off"
        placeholder={extra.placeholder}
        disabled={busy}
      />
    </Field>
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit {fullName(user)}’s details</DialogTitle>
          <DialogDescription>Correct the member’s profile. Every change is recorded in the audit log.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void submit(e)} aria-label={`Edit ${fullName(user)}’s details`} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {text('firstName', 'First Name')}
          {text('lastName', 'Last Name')}
          <p className="text-sm text-muted-foreground sm:col-span-2">
            E-mail: <span className="break-all text-foreground">{user.email}</span>. Only the member changes it, in Profile Settings: password reset links go there.
          </p>
          {text('company', 'Company', { optional: true })}
          {text('jobTitle', 'Job Title', { optional: true })}
          {text('location', 'Location', { optional: true, placeholder: 'City, Country' })}
          {text('phoneNumber', 'Phone Number', { type: 'tel', optional: true })}
          {text('linkedinUrl', 'LinkedIn URL', { type: 'url', optional: true })}
          {text('website', 'Website', { type: 'url', optional: true })}
          <Field id="edit-user-bio" label="Bio" optional error={err('bio')} className="sm:col-span-2">
            <Textarea {...fieldA11y('edit-user-bio', err('bio'))} {...reg('bio')} rows={3} maxLength={PROFILE_LIMITS.bio.max} disabled={busy} />
          </Field>
          {(['expertise', 'industries'] as const).map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <TagInput
                  id={`edit-user-${name}`}
                  label={name === 'expertise' ? 'Areas of Expertise' : 'Industry Experience'}
                  placeholder={name === 'expertise' ? 'Add an area of expertise' : 'Add an industry'}
                  value={field.value ?? []}
                  onChange={(tags) => {
                    field.onChange(tags);
                    form.clearErrors(name);
                  }}
                  limits={PROFILE_LIMITS.tags}
                  error={err(name)}
                  disabled={busy}
                  className="sm:col-span-2"
                />
              )}
            />
          ))}
          {errors.root?.message && (
            <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
              {errors.root.message}
            </p>
          )}
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : <Save aria-hidden />}
              {busy ? 'Saving...' : 'Save details'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

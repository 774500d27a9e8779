import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LogOut } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LIMITS } from '../../../../common/constants/limits.ts';
import { passwordChangeSchema } from '../../../../common/schemas/profile.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { placeServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { PersonalTokensCard } from '../../api-tokens/index.ts';
import { useChangePassword } from '../api/profile.ts';
import { ActiveSessionsCard } from './ActiveSessionsCard.tsx';
import { PushDevicesCard } from './PushDevicesCard.tsx';
import { SignInMethodsCard } from './SignInMethodsCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';

type PasswordForm = z.input<typeof passwordChangeSchema>;
type PasswordData = z.output<typeof passwordChangeSchema>;
type FieldName = keyof PasswordForm;
const FIELDS: readonly FieldName[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };
const HINT = `Must be at least ${LIMITS.password.min} characters long and not a commonly used password.`;

/** Change Password: the current password, a new one (the one rule for every new password) and its confirmation. */
function ChangePasswordCard() {
  const form = useForm<PasswordForm, unknown, PasswordData>({ resolver: zodResolver(passwordChangeSchema), defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const { errors } = form.formState;
  const change = useChangePassword();
  const busy = change.isPending;
  const reg = (name: FieldName) => form.register(name, { onChange: () => form.clearErrors(name) });
  const err = (name: FieldName) => errors[name]?.message;

  const submit = form.handleSubmit((data) =>
    change.mutate(data, {
      onSuccess: () => {
        form.reset(EMPTY);
        toast({ variant: 'success', title: 'Password changed!', description: 'Your other signed-in devices have been signed out.' });
      },
      onError: (e) => {
        if (placeServerErrors(e, FIELDS, form.setError)) return;
        const detail = e instanceof ApiError && e.status !== 500 && e.status !== 0 ? e.detail : '';
        toast({ variant: 'destructive', title: 'Error', description: detail || 'Failed to change password. Please try again.' });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <KeyRound className="size-4" aria-hidden /> Change Password
        </CardTitle>
        <CardDescription>Choose a password you do not use anywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(e) => void submit(e)} aria-label="Change Password" className="grid max-w-md grid-cols-1 gap-5">
          <Field id="password-current" label="Current Password" error={err('currentPassword')}>
            <Input
              {...fieldA11y('password-current', err('currentPassword'))}
              {...reg('currentPassword')}
              type="password"
              autoComplete="current-password"
              disabled={busy}
            />
          </Field>
          <div className="grid gap-2">
            <Field id="password-new" label="New Password" error={err('newPassword')}>
              <Input
                {...fieldA11y('password-new', err('newPassword'), true)}
                {...reg('newPassword')}
                type="password"
                autoComplete="new-password"
                maxLength={LIMITS.password.max}
                disabled={busy}
              />
            </Field>
            <p id="password-new-hint" className="text-xs text-muted-foreground">
              {HINT}
            </p>
          </div>
          <Field id="password-confirm" label="Confirm New Password" error={err('confirmPassword')}>
            <Input {...fieldA11y('password-confirm', err('confirmPassword'))} {...reg('confirmPassword')} type="password" autoComplete="new-password" disabled={busy} />
          </Field>
          <p className="flex items-start gap-2 rounded-lg bg-muted/60 px-3 py-2.5 text-sm text-muted-foreground">
            <LogOut className="mt-0.5 size-4 shrink-0" aria-hidden />
            Changing your password signs you out on every other device where you are signed in; this one stays signed in.
          </p>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner className="size-4 text-primary-foreground" label="Changing password" /> : <KeyRound aria-hidden />}
              {busy ? 'Changing...' : 'Change Password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * Security: the password, two-factor sign-in, the ways to sign in, the signed-in devices and personal API tokens. An administrator who
 * must turn on two-factor sign-in first sees only that card (nothing else answers them until it is on).
 */
export function SecurityTab() {
  const { data: user } = useCurrentUser();
  if (user?.twoFactorSetupRequired) return <TwoFactorCard />;
  return (
    <div className="grid gap-6">
      <ChangePasswordCard />
      <TwoFactorCard />
      <SignInMethodsCard />
      <ActiveSessionsCard />
      <PushDevicesCard />
      <PersonalTokensCard />
    </div>
  );
}

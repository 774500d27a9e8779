import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LogOut, TriangleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { LIMITS } from '../../../../common/constants/limits.ts';
import { resetPasswordSchema } from '../../../../common/schemas/password-reset.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { placeServerErrors } from '../../../lib/form-errors.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { toast } from '../../../lib/toast.ts';
import { useResetPassword } from '../api/password-reset.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { resetLinkKind } from '../lib/reset-link.ts';

type Values = z.input<typeof resetPasswordSchema>;
type Parsed = z.output<typeof resetPasswordSchema>;
type FieldName = 'newPassword' | 'confirmPassword';
const FIELDS: readonly FieldName[] = ['newPassword', 'confirmPassword'];
const HINT = `Must be at least ${LIMITS.password.min} characters long and not a commonly used password.`;

const WORDING = {
  reset: {
    title: 'Reset your password',
    subtitle: 'Choose a new password for your account',
    button: 'Reset password',
    busy: 'Resetting...',
    done: 'Password reset',
    doneText: 'Your password has been changed. Please sign in with your new password.',
  },
  invite: {
    title: 'Set your password',
    subtitle: 'Choose the password you will sign in with',
    button: 'Set password',
    busy: 'Saving...',
    done: 'Password set',
    doneText: 'Your password is set. Please sign in to get started.',
  },
} as const;

/**
 * /reset-password?token=…: the page a reset or invitation e-mail links to, for every visitor. Opening it changes
 * nothing; the form posts the token with the new password. An invitation's link is worded "Set your password".
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const kind = resetLinkKind(token);
  const words = WORDING[kind];
  useDocumentTitle(words.title);
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const busy = reset.isPending;
  const reg = (name: FieldName) => form.register(name, { onChange: () => form.clearErrors(name) });

  const submit = form.handleSubmit((data) =>
    reset.mutate(data, {
      onSuccess: (result) => {
        const done = WORDING[result.kind];
        toast({ variant: 'success', title: done.done, description: done.doneText });
        void navigate('/login', { replace: true });
      },
      onError: (e) => {
        if (placeServerErrors(e, FIELDS, form.setError)) return;
        form.setError('root', {
          message: e instanceof ApiError && e.status !== 500 && e.status !== 0 ? e.detail : 'We could not save your password. Please try again.',
        });
      },
    }),
  );

  if (!token) {
    return (
      <AuthLayout title={words.title} subtitle={words.subtitle}>
        <Card>
          <CardContent className="grid gap-5 pt-6 text-center">
            <TriangleAlert className="mx-auto size-10 text-warning" aria-hidden />
            <p role="alert" className="text-sm text-muted-foreground">
              This link is incomplete. Please open the link from your email again, or ask for a new one.
            </p>
            <Button asChild variant="outline">
              <Link to="/forgot-password">Request a new link</Link>
            </Button>
          </CardContent>
        </Card>
      </AuthLayout>
    );
  }

  // the token is refused by the form's schema only when it is not a link at all; the server decides the rest
  const rootError = errors.root?.message ?? errors.token?.message;
  return (
    <AuthLayout title={words.title} subtitle={words.subtitle}>
      <Card>
        <CardHeader>
          <CardDescription id="reset-new-hint" className="text-[15px]">
            {HINT}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={(e) => void submit(e)} aria-label={words.title} className="grid gap-5">
            <Field id="reset-new" label="New Password" error={errors.newPassword?.message}>
              <Input
                {...fieldA11y('reset-new', errors.newPassword?.message, true)}
                {...reg('newPassword')}
                type="password"
                autoComplete="new-password"
                maxLength={LIMITS.password.max}
                disabled={busy}
              />
            </Field>
            <Field id="reset-confirm" label="Confirm New Password" error={errors.confirmPassword?.message}>
              <Input
                {...fieldA11y('reset-confirm', errors.confirmPassword?.message)}
                {...reg('confirmPassword')}
                type="password"
                autoComplete="new-password"
                disabled={busy}
              />
            </Field>
            {kind === 'reset' && (
              <p className="flex items-start gap-2 rounded-lg bg-muted/60 px-3 py-2.5 text-sm text-muted-foreground">
                <LogOut className="mt-0.5 size-4 shrink-0" aria-hidden />
                Every device signed in to this account will be signed out.
              </p>
            )}
            {rootError && (
              <div role="alert" className="grid gap-2 rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive">
                <p>{rootError}</p>
                <Link to="/forgot-password" className="font-medium underline underline-offset-4">
                  Request a new link
                </Link>
              </div>
            )}
            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              {busy ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : <KeyRound aria-hidden />}
              {busy ? words.busy : words.button}
            </Button>
          </form>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}

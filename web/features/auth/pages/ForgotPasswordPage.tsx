import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordSchema } from '../../../../common/schemas/password-reset.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { placeServerErrors } from '../../../lib/form-errors.ts';
import { useDocumentTitle, useSite } from '../../../lib/site.ts';
import { useForgotPassword } from '../api/password-reset.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';

type Values = z.input<typeof forgotPasswordSchema>;
type Parsed = z.output<typeof forgotPasswordSchema>;

/**
 * /forgot-password: the address to send a reset link to. The confirmation is the same whether or not the
 * address has an account, as the server's answer is.
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const { supportEmail } = useSite();
  const forgot = useForgotPassword();
  const form = useForm<Values, unknown, Parsed>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' }, reValidateMode: 'onSubmit' });
  const error = form.formState.errors.email?.message ?? form.formState.errors.root?.message;

  const submit = form.handleSubmit((data) =>
    forgot.mutate(data, {
      onError: (e) => {
        if (placeServerErrors(e, ['email'] as const, form.setError)) return;
        form.setError('root', {
          message: e instanceof ApiError && e.status === 429 ? e.detail : 'We could not send your request. Please check your connection and try again.',
        });
      },
    }),
  );

  const back = (
    <Link to="/login" className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
      <ArrowLeft className="size-4" aria-hidden /> Back to sign in
    </Link>
  );

  return (
    <AuthLayout title="Forgot your password?" subtitle="We will e-mail you a link to choose a new one">
      <Card>
        {forgot.isSuccess ? (
          <CardContent className="grid gap-5 pt-6 text-center">
            <MailCheck className="mx-auto size-10 text-primary" aria-hidden />
            <div role="status" className="grid gap-2">
              <p className="text-[15px] font-semibold">Check your email</p>
              <p className="text-sm text-muted-foreground">
                If an account exists for that address, we have sent a link to reset your password. The link works for 1 hour. If nothing arrives within a few minutes,
                check your spam folder{supportEmail ? `, or contact ${supportEmail}` : ''}.
              </p>
            </div>
            <div>{back}</div>
          </CardContent>
        ) : (
          <>
            <CardHeader>
              <CardDescription className="text-[15px]">Enter the email address of your account.</CardDescription>
            </CardHeader>
            <CardContent>
              <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-5">
                <Field id="forgot-email" label="Email" error={error}>
                  <Input
                    {...fieldA11y('forgot-email', error)}
                    {...form.register('email', { onChange: () => form.clearErrors() })}
                    type="email"
                    autoComplete="email"
                    placeholder="you@company.com"
                    disabled={forgot.isPending}
                  />
                </Field>
                <Button type="submit" size="lg" className="w-full" disabled={forgot.isPending}>
                  {forgot.isPending && <Spinner className="size-4 text-primary-foreground" label="Sending" />}
                  {forgot.isPending ? 'Sending...' : 'Send reset link'}
                </Button>
              </form>
              <p className="mt-6 text-center">{back}</p>
            </CardContent>
          </>
        )}
      </Card>
    </AuthLayout>
  );
}

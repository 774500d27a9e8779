import { ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { OneTimeCodeInput } from '../../../components/one-time-code-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError, errorDetail } from '../../../lib/api.ts';
import { useLoginSecondStep } from '../../../lib/auth.ts';
import { toast } from '../../../lib/toast.ts';
import { AuthLayout } from './AuthLayout.tsx';

const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
const RECOVERY_MESSAGE = 'Enter one of your recovery codes.';

/**
 * The second step of a two-factor sign-in: the six-digit code from the authenticator app, or one recovery code.
 * When the five minutes of the step have passed (or it is unknown), it starts again at the password (`onRestart`).
 */
export function TwoFactorStep({ onRestart }: { onRestart: (message?: string) => void }) {
  const second = useLoginSecondStep();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [error, setError] = useState<string | undefined>();
  const fieldId = useRecovery ? 'login-recovery-code' : 'login-code';
  // the one field of this step takes focus when the step opens and when the kind of code changes
  useEffect(() => document.getElementById(fieldId)?.focus(), [fieldId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (useRecovery ? !recovery.trim() : code.length !== 6) {
      setError(useRecovery ? RECOVERY_MESSAGE : CODE_MESSAGE);
      (document.getElementById(fieldId) as HTMLInputElement | null)?.focus();
      return;
    }
    setError(undefined);
    try {
      await second.mutateAsync(useRecovery ? { recoveryCode: recovery } : { code });
      toast({ title: 'Welcome back!', description: 'You have successfully logged in.' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return onRestart(err.detail);
      setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.detail) : errorDetail(err, 'Could not check the code. Please try again.'));
      (document.getElementById(fieldId) as HTMLInputElement | null)?.focus();
    }
  };

  return (
    <AuthLayout title="Two-step verification" subtitle="One more step to keep your account safe">
      <Card>
        <CardHeader>
          <CardDescription className="text-[15px]">
            {useRecovery
              ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in.'
              : 'Open your authenticator app and enter the code it shows for this account.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-5" aria-label="Two-step verification">
            {useRecovery ? (
              <Field id="login-recovery-code" label="Recovery code" error={error}>
                <Input
                  {...fieldA11y('login-recovery-code', error)}
                  value={recovery}
                  onChange={(e) => {
                    setRecovery(e.target.value);
                    setError(undefined);
                  }}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder="abcde-fghij"
                  className="font-mono"
                />
              </Field>
            ) : (
              <Field id="login-code" label="Authentication code" error={error}>
                <OneTimeCodeInput
                  {...fieldA11y('login-code', error)}
                  value={code}
                  onValueChange={(v) => {
                    setCode(v);
                    setError(undefined);
                  }}
                />
              </Field>
            )}
            <Button type="submit" size="lg" className="w-full" disabled={second.isPending}>
              <ShieldCheck aria-hidden /> {second.isPending ? 'Checking...' : 'Verify and sign in'}
            </Button>
          </form>
          <div className="mt-5 flex flex-wrap items-center justify-between gap-2 text-sm">
            <Button
              type="button"
              variant="link"
              className="h-auto px-0"
              onClick={() => {
                setUseRecovery((v) => !v);
                setError(undefined);
              }}
            >
              {useRecovery ? 'Use a code from your app' : 'Use a recovery code'}
            </Button>
            <Button type="button" variant="link" className="h-auto px-0 text-muted-foreground" onClick={() => onRestart()}>
              Back to sign in
            </Button>
          </div>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}

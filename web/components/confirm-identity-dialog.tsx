import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CurrentUser } from '../../common/schemas/user.ts';
import { apiRequest, errorDetail, setIdentityConfirmer, type ApiError } from '../lib/api.ts';
import { useCurrentUser } from '../lib/auth.ts';
import { useSite } from '../lib/site.ts';
import { OneTimeCodeInput } from './one-time-code-input.tsx';
import { Button } from './ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog.tsx';
import { Field, fieldA11y } from './ui/field.tsx';
import { Input } from './ui/input.tsx';
import { Spinner } from './ui/spinner.tsx';

type Method = 'password' | 'code';

const PROVIDERS = [
  { id: 'google', name: 'Google', linked: 'googleLinked' },
  { id: 'apple', name: 'Apple', linked: 'appleLinked' },
] as const;

/** Whether the account signs in with a password (an account that joined with Google or Apple has none). */
const hasPassword = (user: CurrentUser) => user.authProvider === 'local';

/**
 * "Confirm it's you": mounted once by the app. When a change is refused until the person confirms their identity,
 * the API client waits on this dialog, then sends the change again once. It asks for the password, or a code from
 * the authenticator app when two-factor sign-in is on; an account without a password continues with Google or
 * Apple instead (the browser returns to Profile Settings, where the change can be made again).
 */
export function ConfirmIdentityDialog() {
  const { data: user } = useCurrentUser();
  const site = useSite();
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<Method>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  /** The answer every change waiting on this dialog gets (several may be refused at once: one dialog answers them all). */
  const waiting = useRef<{ promise: Promise<boolean>; resolve: (ok: boolean) => void } | null>(null);

  useEffect(
    () =>
      setIdentityConfirmer(() => {
        if (!waiting.current) {
          let resolve!: (ok: boolean) => void;
          const promise = new Promise<boolean>((r) => (resolve = r));
          waiting.current = { promise, resolve };
          setPassword('');
          setCode('');
          setError(undefined);
          setOpen(true);
        }
        return waiting.current.promise;
      }),
    [],
  );

  const finish = (ok: boolean) => {
    waiting.current?.resolve(ok);
    waiting.current = null;
    setOpen(false);
    setPending(false);
  };

  const passwordless = !!user && !hasPassword(user);
  const chosen: Method = passwordless ? 'code' : user?.twoFactorEnabled ? method : 'password';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (chosen === 'password' && !password) return setError('Password is required');
    if (chosen === 'code' && code.length !== 6) return setError('Enter the 6-digit code from your authenticator app.');
    setPending(true);
    setError(undefined);
    try {
      await apiRequest('POST', '/api/auth/confirm-identity', chosen === 'password' ? { password } : { code });
      finish(true);
    } catch (err) {
      setPending(false);
      const issue = (err as ApiError).issues?.[0]?.message;
      setError(issue ?? errorDetail(err, 'We could not confirm it is you. Please try again.'));
    }
  };

  const providers = user ? PROVIDERS.filter((p) => user[p.linked] && site.signIn[p.id]) : [];
  const fieldId = chosen === 'password' ? 'confirm-identity-password' : 'confirm-identity-code';
  const canUseCode = !!user?.twoFactorEnabled;

  // Radix moves focus to the first field when the dialog opens, and back to where it was when it closes
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !pending && finish(false)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-primary" aria-hidden /> Confirm it&apos;s you
          </DialogTitle>
          <DialogDescription>
            {passwordless && !canUseCode
              ? 'This change protects your account. Your account has no password, so confirm it is you by signing in again with the provider linked to it. You will come back to Profile Settings; then make the change again within five minutes.'
              : 'This change protects your account, so we need to check it is really you. Once confirmed, you will not be asked again for five minutes.'}
          </DialogDescription>
        </DialogHeader>
        {passwordless && !canUseCode ? (
          <div className="grid gap-2">
            {providers.length === 0 && <p className="text-sm text-destructive">Sign-in with your provider is not available on this site. Please contact support.</p>}
            {providers.map((p) => (
              <Button key={p.id} variant="outline" onClick={() => window.location.assign(`/api/auth/${p.id}?reauth=1`)}>
                Continue with {p.name}
              </Button>
            ))}
            <DialogFooter>
              <Button variant="ghost" onClick={() => finish(false)}>
                Cancel
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
            {chosen === 'password' ? (
              <Field id={fieldId} label="Password" error={error}>
                <Input
                  {...fieldA11y(fieldId, error)}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  disabled={pending}
                />
              </Field>
            ) : (
              <Field id={fieldId} label="Code from your authenticator app" error={error}>
                <OneTimeCodeInput {...fieldA11y(fieldId, error)} value={code} onValueChange={setCode} disabled={pending} />
              </Field>
            )}
            {canUseCode && !passwordless && (
              <Button
                variant="link"
                className="justify-self-start px-0"
                onClick={() => {
                  setMethod(chosen === 'password' ? 'code' : 'password');
                  setError(undefined);
                }}
              >
                {chosen === 'password' ? 'Use a code from your authenticator app instead' : 'Use your password instead'}
              </Button>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={() => finish(false)} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? <Spinner className="size-4" label="Confirming" /> : <ShieldCheck aria-hidden />} Confirm
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

import { CircleCheck, KeyRound, RefreshCw, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { TwoFactorSetupResult } from '../../../../common/schemas/security.ts';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { OneTimeCodeInput } from '../../../components/one-time-code-input.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorDetail } from '../../../lib/api.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useDisableTwoFactor, useEnableTwoFactor, useRegenerateRecoveryCodes, useStartTwoFactorSetup, useTwoFactorStatus } from '../api/security.ts';
import { RecoveryCodesView } from './RecoveryCodesView.tsx';

type Errors = Partial<Record<'password' | 'code' | 'recoveryCode' | 'form', string>>;

/** The server's message under its field (password, code, recovery code), or for the whole form. */
function errorsFrom(err: unknown, fallback: string): Errors {
  if (err instanceof ApiError && err.issues.length) {
    const found: Errors = {};
    for (const i of err.issues) if (i.path === 'password' || i.path === 'code' || i.path === 'recoveryCode') found[i.path] ??= i.message;
    if (Object.keys(found).length) return found;
  }
  return { form: errorDetail(err, fallback) };
}

function FormError({ children }: { children?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-lg bg-destructive-soft px-3 py-2 text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

function PasswordField({ id, value, onChange, error, disabled }: { id: string; value: string; onChange: (v: string) => void; error?: string; disabled?: boolean }) {
  return (
    <Field id={id} label="Password" error={error}>
      <Input {...fieldA11y(id, error)} type="password" autoComplete="current-password" value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled} />
    </Field>
  );
}

/** Set-up: password, then the QR code (or the key) and the first code, then the recovery codes shown once. */
function SetupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<TwoFactorSetupResult | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const busy = start.isPending || enable.isPending;
  // once the QR code shows, the code field takes focus (the password field before it is gone)
  useEffect(() => {
    if (setup) document.getElementById('twofa-setup-code')?.focus();
  }, [setup]);

  const reset = () => {
    setPassword('');
    setCode('');
    setSetup(null);
    setCodes(null);
    setSaved(false);
    setErrors({});
  };
  const close = (o: boolean) => {
    // once on, the dialog closes only through "Done", after the codes are saved
    if (!o && (busy || codes)) return;
    if (!o) reset();
    onOpenChange(o);
  };
  const finish = () => {
    enable.refresh();
    toast({ variant: 'success', title: 'Two-factor sign-in is on', description: 'You will be asked for a code from your app when you sign in.' });
    reset();
    onOpenChange(false);
  };

  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setErrors({ password: 'Password is required' });
    setErrors({});
    start.mutate({ password }, { onSuccess: setSetup, onError: (err) => setErrors(errorsFrom(err, 'Could not start the set-up. Please try again.')) });
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== 6) return setErrors({ code: 'Enter the 6-digit code from your authenticator app.' });
    setErrors({});
    enable.mutate(
      { code },
      { onSuccess: (r) => setCodes(r.recoveryCodes), onError: (err) => setErrors(errorsFrom(err, 'Could not turn on two-factor sign-in. Please try again.')) },
    );
  };

  let body: ReactNode;
  if (codes) {
    body = (
      <>
        <DialogHeader>
          <DialogTitle>Save your recovery codes</DialogTitle>
          <DialogDescription>Two-factor sign-in is on. Keep these codes in case you lose access to your authenticator app.</DialogDescription>
        </DialogHeader>
        <RecoveryCodesView codes={codes} saved={saved} onSavedChange={setSaved} />
        <DialogFooter>
          <Button type="button" disabled={!saved} onClick={finish}>
            <CircleCheck aria-hidden /> Done
          </Button>
        </DialogFooter>
      </>
    );
  } else if (setup) {
    body = (
      <form noValidate onSubmit={submitCode} className="grid gap-4">
        <DialogHeader>
          <DialogTitle>Scan the QR code</DialogTitle>
          <DialogDescription>Open an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) and scan this code.</DialogDescription>
        </DialogHeader>
        <div className="grid justify-items-center gap-3 sm:grid-cols-[auto_1fr] sm:items-center sm:justify-items-start">
          <img src={setup.qrCode} alt="QR code for your authenticator app" width={176} height={176} className="rounded-lg border border-border bg-white p-2" />
          <div className="grid gap-1.5 text-sm">
            <span className="text-muted-foreground">Can’t scan it? Enter this key in the app instead:</span>
            <code data-testid="manual-key" className="select-all break-all rounded-md bg-muted px-2 py-1.5 font-mono text-sm font-semibold tracking-wide">
              {setup.manualKey}
            </code>
          </div>
        </div>
        <Field id="twofa-setup-code" label="Code from the app" error={errors.code}>
          <OneTimeCodeInput {...fieldA11y('twofa-setup-code', errors.code)} value={code} onValueChange={setCode} disabled={busy} />
        </Field>
        <FormError>{errors.form}</FormError>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {enable.isPending ? <Spinner className="size-4 text-primary-foreground" label="Checking the code" /> : <ShieldCheck aria-hidden />}
            Turn on
          </Button>
        </DialogFooter>
      </form>
    );
  } else {
    body = (
      <form noValidate onSubmit={submitPassword} className="grid gap-4">
        <DialogHeader>
          <DialogTitle>Set up two-factor sign-in</DialogTitle>
          <DialogDescription>Enter your password to begin. You will need an authenticator app on your phone.</DialogDescription>
        </DialogHeader>
        <PasswordField id="twofa-setup-password" value={password} onChange={setPassword} error={errors.password} disabled={busy} />
        <FormError>{errors.form}</FormError>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {start.isPending ? <Spinner className="size-4 text-primary-foreground" label="Checking" /> : <KeyRound aria-hidden />}
            Continue
          </Button>
        </DialogFooter>
      </form>
    );
  }
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent hideClose={!!codes} className="sm:max-w-lg">
        {body}
      </DialogContent>
    </Dialog>
  );
}

/** Turning it off: the password and a code from the app, or a recovery code. */
function DisableDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const close = (o: boolean) => {
    if (disable.isPending) return;
    if (!o) {
      setPassword('');
      setCode('');
      setUseRecovery(false);
      setErrors({});
    }
    onOpenChange(o);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (!password) found.password = 'Password is required';
    if (useRecovery ? !code.trim() : code.length !== 6)
      found[useRecovery ? 'recoveryCode' : 'code'] = useRecovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code from your authenticator app.';
    setErrors(found);
    if (Object.keys(found).length) return;
    disable.mutate(useRecovery ? { password, recoveryCode: code } : { password, code }, {
      onSuccess: () => {
        toast({ variant: 'success', title: 'Two-factor sign-in is off', description: 'Your password alone now signs you in.' });
        close(false);
      },
      onError: (err) => setErrors(errorsFrom(err, 'Could not turn off two-factor sign-in. Please try again.')),
    });
  };
  const codeError = useRecovery ? errors.recoveryCode : errors.code;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Turn off two-factor sign-in?</DialogTitle>
            <DialogDescription>Your account will be protected by your password alone. Your recovery codes will stop working.</DialogDescription>
          </DialogHeader>
          <PasswordField id="twofa-disable-password" value={password} onChange={setPassword} error={errors.password} disabled={disable.isPending} />
          {useRecovery ? (
            <Field id="twofa-disable-recovery" label="Recovery code" error={codeError}>
              <Input
                {...fieldA11y('twofa-disable-recovery', codeError)}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="off"
                placeholder="abcde-fghij"
                className="max-w-52 font-mono"
                disabled={disable.isPending}
              />
            </Field>
          ) : (
            <Field id="twofa-disable-code" label="Code from your authenticator app" error={codeError}>
              <OneTimeCodeInput {...fieldA11y('twofa-disable-code', codeError)} value={code} onValueChange={setCode} disabled={disable.isPending} />
            </Field>
          )}
          <Button
            type="button"
            variant="link"
            className="h-auto justify-self-start px-0"
            onClick={() => {
              setUseRecovery((v) => !v);
              setCode('');
              setErrors((e) => ({ password: e.password }));
            }}
          >
            {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
          </Button>
          <FormError>{errors.form}</FormError>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={disable.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={disable.isPending}>
              {disable.isPending ? <Spinner className="size-4" label="Turning off" /> : <ShieldOff aria-hidden />}
              Turn off
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** New recovery codes for the password and a code from the app; the old ones stop working. */
function RegenerateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const close = (o: boolean) => {
    if (!o && (regenerate.isPending || (codes && !saved))) return;
    if (!o) {
      setPassword('');
      setCode('');
      setCodes(null);
      setSaved(false);
      setErrors({});
    }
    onOpenChange(o);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (!password) found.password = 'Password is required';
    if (code.length !== 6) found.code = 'Enter the 6-digit code from your authenticator app.';
    setErrors(found);
    if (Object.keys(found).length) return;
    regenerate.mutate(
      { password, code },
      { onSuccess: (r) => setCodes(r.recoveryCodes), onError: (err) => setErrors(errorsFrom(err, 'Could not make new codes. Please try again.')) },
    );
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent hideClose={!!codes} className="sm:max-w-lg">
        {codes ? (
          <>
            <DialogHeader>
              <DialogTitle>Your new recovery codes</DialogTitle>
              <DialogDescription>Your old recovery codes no longer work.</DialogDescription>
            </DialogHeader>
            <RecoveryCodesView codes={codes} saved={saved} onSavedChange={setSaved} />
            <DialogFooter>
              <Button type="button" disabled={!saved} onClick={() => close(false)}>
                <CircleCheck aria-hidden /> Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form noValidate onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Make new recovery codes?</DialogTitle>
              <DialogDescription>Your current recovery codes will stop working at once.</DialogDescription>
            </DialogHeader>
            <PasswordField id="twofa-regen-password" value={password} onChange={setPassword} error={errors.password} disabled={regenerate.isPending} />
            <Field id="twofa-regen-code" label="Code from your authenticator app" error={errors.code}>
              <OneTimeCodeInput {...fieldA11y('twofa-regen-code', errors.code)} value={code} onValueChange={setCode} disabled={regenerate.isPending} />
            </Field>
            <FormError>{errors.form}</FormError>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)} disabled={regenerate.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={regenerate.isPending}>
                {regenerate.isPending ? <Spinner className="size-4 text-primary-foreground" label="Making codes" /> : <RefreshCw aria-hidden />}
                Make new codes
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Two-Factor Authentication: whether a code from an authenticator app is asked for at sign-in; set it up, make
 * new recovery codes, or turn it off (the password and a code).
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<'setup' | 'disable' | 'regenerate' | null>(null);
  const openChange = (which: typeof dialog) => (o: boolean) => setDialog(o ? which : null);
  const s = status.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <Smartphone className="size-4" aria-hidden /> Two-Factor Authentication
          {s && (s.enabled ? <Badge variant="success">On</Badge> : <Badge variant="secondary">Off</Badge>)}
        </CardTitle>
        <CardDescription>Ask for a code from an authenticator app on your phone each time you sign in, as well as your password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isLoading ? (
          <Skeleton className="h-10 w-64" />
        ) : !s ? (
          <LoadErrorNotice what="your two-factor settings" error={status.error} onRetry={() => void status.refetch()} boxed />
        ) : s.enabled ? (
          <>
            <p className="text-sm text-muted-foreground">
              On since {formatLongDate(s.enabledAt)}. {s.recoveryCodesLeft} of 10 recovery codes left
              {s.recoveryCodesLeft <= 3 ? ': make new ones before you run out.' : '.'}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setDialog('regenerate')}>
                <RefreshCw aria-hidden /> Regenerate recovery codes
              </Button>
              <Button variant="outline" className="text-destructive" onClick={() => setDialog('disable')}>
                <ShieldOff aria-hidden /> Turn off
              </Button>
            </div>
          </>
        ) : (
          <div>
            <Button onClick={() => setDialog('setup')}>
              <ShieldCheck aria-hidden /> Set up two-factor sign-in
            </Button>
          </div>
        )}
      </CardContent>
      <SetupDialog open={dialog === 'setup'} onOpenChange={openChange('setup')} />
      <DisableDialog open={dialog === 'disable'} onOpenChange={openChange('disable')} />
      <RegenerateDialog open={dialog === 'regenerate'} onOpenChange={openChange('regenerate')} />
    </Card>
  );
}

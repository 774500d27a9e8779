import { CircleCheck, KeyRound, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { TwoFactorSetupResult } from '../../../../common/schemas/security.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useEnableTwoFactor, useStartTwoFactorSetup } from '../api/security.ts';
import { PasswordCodeForm, showServerError, useFactorForm } from './PasswordCodeForm.tsx';
import { RecoveryCodesView } from './RecoveryCodesView.tsx';

/** Set-up: password, then the QR code (or the key) and the first code, then the recovery codes shown once. */
export function TwoFactorSetupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const form = useFactorForm();
  const [setup, setSetup] = useState<TwoFactorSetupResult | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const busy = start.isPending || enable.isPending;
  // once the QR code shows, the code field takes focus (the password field before it is gone)
  useEffect(() => {
    if (setup) document.getElementById('twofa-setup-code')?.focus();
  }, [setup]);

  const reset = () => {
    form.reset();
    setSetup(null);
    setCodes(null);
    setSaved(false);
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
  const cancel = (
    <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
      Cancel
    </Button>
  );

  let body;
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
      <PasswordCodeForm
        key="code"
        form={form}
        id="twofa-setup"
        code="app"
        codeLabel="Code from the app"
        busy={busy}
        onSubmit={({ code = '' }) =>
          enable.mutate(
            { code },
            { onSuccess: (r) => setCodes(r.recoveryCodes), onError: (err) => showServerError(form, err, 'Could not turn on two-factor sign-in. Please try again.') },
          )
        }
        header={
          <>
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
          </>
        }
        footer={
          <DialogFooter>
            {cancel}
            <Button type="submit" disabled={busy}>
              {enable.isPending ? <Spinner className="size-4 text-primary-foreground" label="Checking the code" /> : <ShieldCheck aria-hidden />}
              Turn on
            </Button>
          </DialogFooter>
        }
      />
    );
  } else {
    body = (
      <PasswordCodeForm
        key="password"
        form={form}
        id="twofa-setup"
        password
        busy={busy}
        onSubmit={({ password = '' }) =>
          start.mutate({ password }, { onSuccess: setSetup, onError: (err) => showServerError(form, err, 'Could not start the set-up. Please try again.') })
        }
        header={
          <DialogHeader>
            <DialogTitle>Set up two-factor sign-in</DialogTitle>
            <DialogDescription>Enter your password to begin. You will need an authenticator app on your phone.</DialogDescription>
          </DialogHeader>
        }
        footer={
          <DialogFooter>
            {cancel}
            <Button type="submit" disabled={busy}>
              {start.isPending ? <Spinner className="size-4 text-primary-foreground" label="Checking" /> : <KeyRound aria-hidden />}
              Continue
            </Button>
          </DialogFooter>
        }
      />
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

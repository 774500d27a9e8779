import { ShieldOff } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDisableTwoFactor } from '../api/security.ts';
import { PasswordCodeForm, showServerError, useFactorForm } from './PasswordCodeForm.tsx';

/** Turning it off: the password and a code from the app, or a recovery code. */
export function TwoFactorDisableDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const disable = useDisableTwoFactor();
  const form = useFactorForm();
  const close = (o: boolean) => {
    if (disable.isPending) return;
    if (!o) form.reset();
    onOpenChange(o);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <PasswordCodeForm
          form={form}
          id="twofa-disable"
          password
          code="app-or-recovery"
          busy={disable.isPending}
          onSubmit={({ password = '', code, recoveryCode }) =>
            disable.mutate(recoveryCode !== undefined ? { password, recoveryCode } : { password, code }, {
              onSuccess: () => {
                toast({ variant: 'success', title: 'Two-factor sign-in is off', description: 'Your password alone now signs you in.' });
                close(false);
              },
              onError: (err) => showServerError(form, err, 'Could not turn off two-factor sign-in. Please try again.'),
            })
          }
          header={
            <DialogHeader>
              <DialogTitle>Turn off two-factor sign-in?</DialogTitle>
              <DialogDescription>Your account will be protected by your password alone. Your recovery codes will stop working.</DialogDescription>
            </DialogHeader>
          }
          footer={
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)} disabled={disable.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={disable.isPending}>
                {disable.isPending ? <Spinner className="size-4" label="Turning off" /> : <ShieldOff aria-hidden />}
                Turn off
              </Button>
            </DialogFooter>
          }
        />
      </DialogContent>
    </Dialog>
  );
}

import { CircleCheck, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRegenerateRecoveryCodes } from '../api/security.ts';
import { PasswordCodeForm, showServerError, useFactorForm } from './PasswordCodeForm.tsx';
import { RecoveryCodesView } from './RecoveryCodesView.tsx';

/** New recovery codes for the password and a code from the app; the old ones stop working. */
export function RecoveryCodesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const form = useFactorForm();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const close = (o: boolean) => {
    if (!o && (regenerate.isPending || (codes && !saved))) return;
    if (!o) {
      form.reset();
      setCodes(null);
      setSaved(false);
    }
    onOpenChange(o);
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
          <PasswordCodeForm
            form={form}
            id="twofa-regen"
            password
            code="app"
            busy={regenerate.isPending}
            onSubmit={({ password = '', code = '' }) =>
              regenerate.mutate(
                { password, code },
                { onSuccess: (r) => setCodes(r.recoveryCodes), onError: (err) => showServerError(form, err, 'Could not make new codes. Please try again.') },
              )
            }
            header={
              <DialogHeader>
                <DialogTitle>Make new recovery codes?</DialogTitle>
                <DialogDescription>Your current recovery codes will stop working at once.</DialogDescription>
              </DialogHeader>
            }
            footer={
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => close(false)} disabled={regenerate.isPending}>
                  Cancel
                </Button>
                <Button type="submit" disabled={regenerate.isPending}>
                  {regenerate.isPending ? <Spinner className="size-4 text-primary-foreground" label="Making codes" /> : <RefreshCw aria-hidden />}
                  Make new codes
                </Button>
              </DialogFooter>
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

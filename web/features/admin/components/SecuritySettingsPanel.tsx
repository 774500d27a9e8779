import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveSecuritySettings, useSecuritySettings } from '../api/settings.ts';

/**
 * Admin Panel → Security: whether administrator and master-administrator accounts must use two-factor sign-in.
 * Turning it on asks first, since every administrator without it is held at the set-up from their next request.
 * Only a master-admin changes it (the `manageSecuritySettings` ability); other administrators see it read-only.
 */
export function SecuritySettingsPanel() {
  const settings = useSecuritySettings();
  const save = useSaveSecuritySettings();
  const { data: me } = useCurrentUser();
  const [confirming, setConfirming] = useState(false);
  const switchId = useId();
  const descriptionId = useId();
  const canChange = !!me?.can.manageSecuritySettings;

  const apply = (requireAdmin2fa: boolean) =>
    save.mutate(
      { requireAdmin2fa },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({
            variant: 'success',
            title: requireAdmin2fa ? 'Two-factor sign-in is now required for administrators' : 'Two-factor sign-in is no longer required for administrators',
          });
        },
        onError: (err) => {
          setConfirming(false);
          toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Could not save the setting. Please try again.') });
        },
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden /> Security
        </CardTitle>
        <CardDescription>Sign-in rules for the whole organisation. Every change is recorded in the audit log.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isLoading ? (
          <Skeleton className="h-16" />
        ) : !settings.data ? (
          <LoadErrorNotice what="the security settings" error={settings.error} onRetry={() => void settings.refetch()} boxed />
        ) : (
          <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-4">
            <div className="grid gap-1">
              <Label htmlFor={switchId} className="text-sm font-medium">
                Require two-factor sign-in for administrators
              </Label>
              <p id={descriptionId} className="text-sm text-muted-foreground">
                Admins and master admins without it are asked to set it up the next time they use the platform, and can do nothing else until it is on.
                {!canChange && ' Only a master admin can change this setting.'}
              </p>
            </div>
            <div className="flex items-center gap-2">
              {save.isPending && <Spinner className="size-4" label="Saving" />}
              <Switch
                id={switchId}
                aria-describedby={descriptionId}
                checked={settings.data.requireAdmin2fa}
                disabled={save.isPending || !canChange}
                onCheckedChange={(on) => (on ? setConfirming(true) : apply(false))}
              />
            </div>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => !o && setConfirming(false)}
        title="Require two-factor sign-in for administrators?"
        description={
          me && !me.twoFactorEnabled
            ? 'You do not have two-factor sign-in on yet: you will be asked to set it up straight away, as will every other administrator without it.'
            : 'Every administrator without two-factor sign-in will be asked to set it up and can do nothing else until it is on.'
        }
        confirm={save.isPending ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : 'Require it'}
        pending={save.isPending}
        onConfirm={() => apply(true)}
      />
    </Card>
  );
}

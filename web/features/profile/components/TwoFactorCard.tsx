import { RefreshCw, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { useTwoFactorStatus } from '../api/security.ts';
import { RecoveryCodesDialog } from './RecoveryCodesDialog.tsx';
import { TwoFactorDisableDialog } from './TwoFactorDisableDialog.tsx';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog.tsx';

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
      <TwoFactorSetupDialog open={dialog === 'setup'} onOpenChange={openChange('setup')} />
      <TwoFactorDisableDialog open={dialog === 'disable'} onOpenChange={openChange('disable')} />
      <RecoveryCodesDialog open={dialog === 'regenerate'} onOpenChange={openChange('regenerate')} />
    </Card>
  );
}

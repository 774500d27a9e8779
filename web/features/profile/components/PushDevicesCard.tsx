import { BellOff, BellRing, Laptop, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import type { PushDevice } from '../../../../common/schemas/push.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { usePushDevices, useRemovePushDevice } from '../api/push-devices.ts';

const DEVICE_ICONS = { desktop: Laptop, mobile: Smartphone, tablet: Tablet } as const;

function DeviceRow({ device, onRemove, busy }: { device: PushDevice; onRemove: () => void; busy: boolean }) {
  const Icon = DEVICE_ICONS[device.device];
  const name = `${device.browser} on ${device.os}`;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-border px-3 py-3 sm:flex-nowrap">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {name}
          {device.current && <Badge variant="success">This device</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">Turned on {formatDateTime(device.createdAt)}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onRemove} disabled={busy} aria-label={`Remove ${name}${device.current ? ' (this device)' : ''}`}>
        <BellOff aria-hidden /> Remove
      </Button>
    </li>
  );
}

/**
 * Push notifications on your devices: every browser that takes this account's pushes, this one marked. Each
 * belongs to the session that turned it on and stops when that session ends; Remove (after a confirmation) stops one
 * at once.
 */
export function PushDevicesCard() {
  const list = usePushDevices();
  const remove = useRemovePushDevice();
  const [confirming, setConfirming] = useState<PushDevice | null>(null);
  const items = list.data?.items ?? [];

  const removeDevice = (d: PushDevice) =>
    remove.mutate(d, {
      onSuccess: () => {
        setConfirming(null);
        toast({ variant: 'success', title: 'Device removed', description: `${d.browser} on ${d.os} will no longer receive push notifications.` });
      },
      onError: (err) => {
        setConfirming(null);
        toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Could not remove that device. Please try again.') });
      },
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <BellRing className="size-4" aria-hidden /> Push notifications on your devices
        </CardTitle>
        <CardDescription>
          The browsers that show your notifications. Each stops when it signs out or its session ends. If you do not recognise one, remove it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {list.isLoading ? (
          <div className="grid gap-2" aria-hidden>
            <Skeleton className="h-16" />
          </div>
        ) : !list.data ? (
          <LoadErrorNotice what="your push devices" error={list.error} onRetry={() => void list.refetch()} boxed />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No device receives push notifications. You can turn them on for this device under Preferences.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Devices receiving push notifications">
            {items.map((d) => (
              <DeviceRow key={d.id} device={d} busy={remove.isPending} onRemove={() => setConfirming(d)} />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(o) => !o && setConfirming(null)}
        title="Remove this device?"
        description={
          confirming
            ? `${confirming.browser} on ${confirming.os} will stop receiving push notifications at once.${
                confirming.current
                  ? ' To receive them here again, turn them on under Preferences.'
                  : ' If it is still signed in, it starts again when next opened: to stop it for good, sign it out under Active Sessions.'
              }`
            : ''
        }
        confirm={remove.isPending ? <Spinner className="size-4" label="Removing" /> : 'Remove'}
        destructive
        pending={remove.isPending}
        onConfirm={() => confirming && removeDevice(confirming)}
      />
    </Card>
  );
}

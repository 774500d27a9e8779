import { BellRing } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { currentSubscription, pushSupport, registerSubscription, subscribePush, unsubscribePush } from '../../../lib/push.ts';
import { useSite } from '../../../lib/site.ts';
import { toast } from '../../../lib/toast.ts';

type PushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

/** What this browser can do and whether it is subscribed; a subscription the browser holds is stored again for this member. */
function usePushState() {
  const [state, setState] = useState<PushState>('checking');
  useEffect(() => {
    let current = true;
    const read = async (): Promise<PushState> => {
      const support = pushSupport();
      if (support !== 'available') return support;
      const sub = await currentSubscription();
      // the server may have dropped it (gone stale, or this browser was someone else's): tell it again
      if (sub) await registerSubscription(sub).catch(() => undefined);
      return sub ? 'on' : 'off';
    };
    read()
      .catch((): PushState => 'unsupported')
      .then((found) => {
        if (current) setState(found);
      });
    return () => {
      current = false;
    };
  }, []);
  return [state, setState] as const;
}

/**
 * Push notifications on this device: on asks the browser's permission and subscribes it, off unsubscribes it. Hidden
 * behind an explanation where the browser cannot take pushes or the member blocked them.
 */
export function PushNotificationsCard() {
  const id = useId();
  const { brandName } = useSite();
  const [state, setState] = usePushState();
  const [busy, setBusy] = useState(false);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const result = await subscribePush();
        setState(result === 'subscribed' ? 'on' : Notification.permission === 'denied' ? 'denied' : 'off');
        if (result === 'subscribed') toast({ variant: 'success', title: 'Push notifications on', description: 'This device will show your chosen notifications.' });
      } else {
        await unsubscribePush();
        setState('off');
        toast({ variant: 'success', title: 'Push notifications off', description: 'This device will no longer show notifications.' });
      }
    } catch (err) {
      toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Could not change push notifications on this device. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <BellRing className="size-4" aria-hidden /> Push Notifications
        </CardTitle>
        <CardDescription>
          Pushes follow the groups you chose under Email Notifications, whatever their frequency, and arrive at once. Each shows only its title; open it to read the rest
          here.
        </CardDescription>
      </CardHeader>
      <CardContent aria-busy={state === 'checking' || undefined}>
        {state === 'checking' ? (
          <div className="flex items-center justify-between gap-4" aria-hidden>
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-4 w-56 max-w-full" />
              <Skeleton className="h-3 w-72 max-w-full" />
            </div>
            <Skeleton className="h-6 w-11 rounded-full" />
          </div>
        ) : state === 'unsupported' ? (
          <p className="text-sm text-muted-foreground">
            This browser cannot receive push notifications. On an iPhone or iPad, add {brandName} to your Home Screen first (Share, then Add to Home Screen) and open it
            from there.
          </p>
        ) : (
          <div className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <label htmlFor={`${id}-switch`} className="cursor-pointer text-sm font-medium">
                Push notifications on this device
              </label>
              <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                {state === 'denied'
                  ? 'Notifications are blocked for this site. To allow them, open the site settings (the icon beside the address bar, or your phone’s Settings → Notifications), allow notifications, then come back here.'
                  : state === 'on'
                    ? 'On: this device shows a notification as soon as something you chose happens.'
                    : 'Off: your browser will ask for permission when you switch it on.'}
              </p>
            </div>
            <Switch
              id={`${id}-switch`}
              checked={state === 'on'}
              disabled={busy || state === 'denied'}
              onCheckedChange={(on) => void toggle(on)}
              aria-describedby={`${id}-hint`}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

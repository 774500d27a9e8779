import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { BrandMark } from '../components/brand-mark.tsx';
import { Button } from '../components/ui/button.tsx';
import { useCurrentUser } from '../lib/auth.ts';
import { useOnline } from '../lib/online.ts';

/**
 * While the connection is gone: a strip at the foot of every screen saying that what is on screen was loaded
 * before and may be out of date, and that what is saved meanwhile waits (TanStack Query holds it). When it comes
 * back, what waited is sent and everything on screen is loaded again (docs/decisions/0024-pwa-and-push.md).
 */
export function OfflineBanner() {
  const online = useOnline();
  const client = useQueryClient();
  // with no one loaded yet the offline screen says it all
  const shown = useCurrentUser().data !== undefined;
  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      void client.invalidateQueries();
    }
  }, [online, client]);
  if (online || !shown) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-[80] mx-auto flex max-w-xl items-start gap-3 rounded-lg bg-foreground px-4 py-3 text-sm text-background shadow-raised"
    >
      <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold">You’re offline.</span> What’s on screen was loaded before the connection dropped and may be out of date; anything you save is sent
        once you’re back online.
      </p>
    </div>
  );
}

/**
 * The app opened without a connection: nothing about the member is kept on the device, so there is nothing to show
 * but this. The app carries on by itself as soon as the connection is back (OfflineBanner loads everything again).
 */
export function OfflineScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-6">
      <div className="max-w-sm text-center">
        <BrandMark className="mx-auto size-12" />
        <h1 className="mt-5 text-lg font-semibold">You’re offline</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Connect to the internet to see your leads, commissions and messages. Nothing is kept on this device, so nothing you see is ever out of date.
        </p>
        <p className="mt-2 text-sm text-muted-foreground">This page carries on by itself once you’re back online.</p>
        <Button className="mt-6" onClick={onRetry}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </div>
    </main>
  );
}

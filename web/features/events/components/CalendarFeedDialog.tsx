import { CalendarSync, Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCalendarFeed, useRotateCalendarFeed } from '../api/events.ts';

/**
 * "Subscribe in your calendar": the member's secret address of a calendar of the events they registered for, to
 * paste into Google Calendar, Outlook or Apple Calendar, and a way to retire it for a new one if it was shared.
 */
export function CalendarFeedDialog({ triggerClassName }: { triggerClassName?: string }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const feed = useCalendarFeed(open);
  const rotate = useRotateCalendarFeed();
  const copy = async () => {
    if (!feed.data) return;
    try {
      await navigator.clipboard.writeText(feed.data.url);
      toast({ variant: 'success', title: 'Copied', description: 'The calendar address is on your clipboard.' });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy', description: 'Select the address and copy it yourself.' });
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className={triggerClassName}>
          <CalendarSync aria-hidden /> Subscribe in Calendar
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Subscribe in your calendar</DialogTitle>
          <DialogDescription>
            Add this address to Google Calendar, Outlook or Apple Calendar (“subscribe from URL”) and the events you register for appear there and stay up to date. Keep
            it private: anyone with the address can see your events.
          </DialogDescription>
        </DialogHeader>
        {feed.data ? (
          <div className="grid gap-2">
            <Label htmlFor="calendar-feed-url">Your calendar address</Label>
            <div className="flex gap-2">
              <Input id="calendar-feed-url" readOnly value={feed.data.url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
              <Button variant="outline" onClick={() => void copy()} aria-label="Copy calendar address">
                <Copy aria-hidden /> Copy
              </Button>
            </div>
          </div>
        ) : feed.isError ? (
          <LoadErrorNotice what="your calendar address" error={feed.error} onRetry={() => void feed.refetch()} boxed />
        ) : (
          <div className="grid gap-2" role="status" aria-label="Loading your calendar address">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-10 w-full" />
          </div>
        )}
        <div className="flex flex-col gap-2 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">Shared it by mistake? Get a new address; the old one stops working at once.</p>
          <Button variant="secondary" disabled={!feed.data || rotate.isPending} onClick={() => setConfirming(true)}>
            <RefreshCw aria-hidden className={rotate.isPending ? 'animate-spin' : undefined} /> New Address
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Get a new calendar address?"
          description="Calendars subscribed to the current address stop receiving your events. You will need to subscribe again with the new address."
          confirm={
            <>
              <RefreshCw aria-hidden /> Get New Address
            </>
          }
          pending={rotate.isPending}
          onConfirm={() => rotate.mutate(undefined, { onSettled: () => setConfirming(false) })}
        />
      </DialogContent>
    </Dialog>
  );
}

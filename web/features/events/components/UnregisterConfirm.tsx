import { LogOut } from 'lucide-react';
import type { EventItem } from '../../../../common/schemas/events.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/** What giving up a registration does, said before it happens: a place given up may go to someone waiting at once. */
export function unregisterText(e: EventItem): { title: string; description: string; confirm: string } {
  if (e.myRegistration?.status === 'waitlisted') {
    const position = e.myRegistration.waitlistPosition;
    return {
      title: 'Leave the waitlist?',
      description: `You will lose your place in the waitlist${position ? ` (#${position})` : ''} for “${e.title}”. If you join again, you join at the end.`,
      confirm: 'Leave waitlist',
    };
  }
  const full = e.maxAttendees !== null && e.registrationsCount >= e.maxAttendees;
  const handover =
    e.waitlistCount > 0
      ? ' Your place goes straight to the first member on the waitlist, and cannot be given back: if you register again, you join the end of the waitlist.'
      : full
        ? // the count shown may predate someone joining the waitlist, so a full event always mentions it
          ' The event is full: if anyone is on the waitlist, your place goes straight to the first of them, and if you register again you may have to join the waitlist.'
        : '';
  return { title: 'Give up your place?', description: `You will no longer be registered for “${e.title}”.${handover}`, confirm: 'Unregister' };
}

/** Asks before unregistering from `event` (null: closed). */
export function UnregisterConfirm({ event, onClose, onConfirm }: { event: EventItem | null; onClose: () => void; onConfirm: (e: EventItem) => void }) {
  const text = event ? unregisterText(event) : null;
  return (
    <ConfirmDialog
      open={!!event}
      onOpenChange={(o) => !o && onClose()}
      title={text?.title ?? ''}
      description={text?.description ?? ''}
      destructive
      confirm={
        <>
          <LogOut aria-hidden /> {text?.confirm}
        </>
      }
      onConfirm={() => {
        if (event) onConfirm(event);
        onClose();
      }}
    />
  );
}

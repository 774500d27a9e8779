import { UserPlus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { SENT_TITLES, useSendConnection } from '../api/network.ts';

const MESSAGE_MAX = 500;

interface Target {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * "Connect" for one member: a small dialog with an optional message, then POST /api/member-connections.
 * The dialog closes and resets on success (then `onSent` decides where focus goes); on failure it stays open
 * so the message is not lost.
 */
export function ConnectButton({
  member,
  onSent,
  onOpenChange,
  className,
  from = 'dashboard',
}: {
  member: Target;
  /** Where the request is sent from, which names the success notice. */
  from?: keyof typeof SENT_TITLES;
  onSent?: () => void;
  onOpenChange?: (open: boolean) => void;
  /** Extra classes for the trigger button (e.g. to fill a card's action row). */
  className?: string;
}) {
  const [open, setOpenState] = useState(false);
  const setOpen = (o: boolean) => {
    setOpenState(o);
    onOpenChange?.(o);
  };
  const [message, setMessage] = useState('');
  const send = useSendConnection(SENT_TITLES[from]);
  const sent = useRef(false);
  const id = useId();
  const name = `${member.firstName} ${member.lastName}`.trim();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    send.mutate(
      { receiverId: member.id, message: message.trim() || undefined },
      {
        onSuccess: () => {
          sent.current = true;
          setOpen(false);
          setMessage('');
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !send.isPending && setOpen(o)}>
      <DialogTrigger asChild>
        <Button size="sm" className={className} aria-label={`Connect with ${name}`}>
          <UserPlus aria-hidden /> Connect
        </Button>
      </DialogTrigger>
      <DialogContent
        className="max-w-md"
        onCloseAutoFocus={(e) => {
          // after a request the member usually leaves the list, taking this button with them: let the caller place focus
          if (sent.current && onSent) {
            e.preventDefault();
            onSent();
          }
          sent.current = false;
        }}
      >
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Connect with {name}</DialogTitle>
            <DialogDescription>Add a short note so {member.firstName} knows why you would like to connect.</DialogDescription>
          </DialogHeader>
          <Field id={`${id}-message`} label="Message" optional hint={`${message.length}/${MESSAGE_MAX}`}>
            <Textarea
              {...fieldA11y(`${id}-message`, undefined, true)}
              rows={4}
              maxLength={MESSAGE_MAX}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              placeholder={`Hi ${member.firstName}, I'd like to connect because…`}
            />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Spinner className="size-4 text-primary-foreground" label="Sending" /> : <UserPlus aria-hidden />}
              {send.isPending ? 'Sending…' : 'Send Request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

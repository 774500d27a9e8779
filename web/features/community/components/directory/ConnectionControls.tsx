import { Check, Clock, UserCheck, UserMinus, UserRoundCheck, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import type { ConnectionWith } from '../../../../../common/schemas/community.ts';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { ConnectButton, useDeleteConnection, useRespondToConnection } from '../../../members/index.ts';
import { connectionAction, CONNECTION_STATUS_TEXT } from '../../lib/connection-actions.ts';

interface Person {
  id: string;
  firstName: string;
  lastName: string;
}

/** The connection's status as a small pill next to a member's name (nothing when there is none). */
export function ConnectionBadge({ connection, isSelf = false }: { connection: ConnectionWith | undefined; isSelf?: boolean }) {
  const action = connectionAction(connection, isSelf);
  const text = CONNECTION_STATUS_TEXT[action.kind];
  if (!text) return null;
  if (action.kind === 'connected')
    return (
      <Badge variant="success">
        <UserCheck aria-hidden /> {text}
      </Badge>
    );
  if (action.kind === 'respond')
    return (
      <Badge variant="warning">
        <UserRoundCheck aria-hidden /> {text}
      </Badge>
    );
  return (
    <Badge variant="secondary">
      <Clock aria-hidden /> {text}
    </Badge>
  );
}

/**
 * The buttons for the viewer's connection with one member: Connect (dialog with an optional message); Withdraw for
 * a request they sent; Accept / Decline for one they received; and, with `allowRemove`, Remove for a connection.
 * Withdrawing and removing ask first.
 */
export function ConnectionControls({
  member,
  connection,
  isSelf = false,
  allowRemove = false,
}: {
  member: Person;
  connection: ConnectionWith | undefined;
  isSelf?: boolean;
  allowRemove?: boolean;
}) {
  const action = connectionAction(connection, isSelf);
  const respond = useRespondToConnection();
  const remove = useDeleteConnection();
  const [confirming, setConfirming] = useState(false);
  const name = `${member.firstName} ${member.lastName}`.trim();

  switch (action.kind) {
    case 'self':
      return null;
    case 'connect':
      return <ConnectButton member={member} from="community" />;
    case 'respond': {
      const busy = respond.isPending;
      const answer = (status: 'accepted' | 'declined') => respond.mutate({ id: action.connectionId, name, status });
      return (
        <>
          <Button size="sm" disabled={busy} onClick={() => answer('accepted')} aria-label={`Accept connection request from ${name}`}>
            {busy && respond.variables?.status === 'accepted' ? <Spinner className="size-4 text-primary-foreground" label="Accepting" /> : <Check aria-hidden />}
            Accept
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => answer('declined')} aria-label={`Decline connection request from ${name}`}>
            {busy && respond.variables?.status === 'declined' ? <Spinner className="size-4" label="Declining" /> : <X aria-hidden />}
            Decline
          </Button>
        </>
      );
    }
    case 'sent':
    case 'connected': {
      const id = action.connectionId;
      const withdraw = action.kind === 'sent';
      if (!id || (!withdraw && !allowRemove)) return null;
      return (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button
              size="sm"
              variant={withdraw ? 'outline' : 'ghost'}
              aria-label={withdraw ? `Withdraw connection request to ${name}` : `Remove connection with ${name}`}
            >
              {withdraw ? <Undo2 aria-hidden /> : <UserMinus aria-hidden />}
              {withdraw ? 'Withdraw' : 'Remove'}
            </Button>
          }
          title={withdraw ? 'Withdraw your request?' : `Remove ${name} from your connections?`}
          description={
            withdraw
              ? `Your connection request to ${name} will be withdrawn. You can send a new one later.`
              : `You and ${name} will no longer be connected. Either of you can send a new request later.`
          }
          destructive={!withdraw}
          pending={remove.isPending}
          confirm={
            <>
              {remove.isPending ? <Spinner className="size-4" label={withdraw ? 'Withdrawing' : 'Removing'} /> : null}
              {withdraw ? 'Withdraw request' : 'Remove connection'}
            </>
          }
          onConfirm={() => remove.mutate({ id, name, kind: withdraw ? 'withdraw' : 'remove' }, { onSettled: () => setConfirming(false) })}
        />
      );
    }
  }
}

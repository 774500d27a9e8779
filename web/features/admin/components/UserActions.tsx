import { Eye, KeyRound, Mail, MoreHorizontal, Pencil, Power, PowerOff, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser } from '../../../../common/schemas/admin.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSendPasswordReset } from '../api/invitations.ts';
import { fullName } from './UserBadges.tsx';
import { ChangeRoleDialog } from './ChangeRoleDialog.tsx';
import { EditUserDialog } from './EditUserDialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip.tsx';

/** Kept here for the screens that import it with the user actions. */
export { fullName };

/**
 * A user's row actions: details for everyone; e-mail for other people; edit, role, password reset link,
 * activate/deactivate and remove only when the row's abilities allow them (never on one's own row but the
 * master-admin's own role, and an admin is offered nothing on an administrator's account — the server refuses
 * them too). In the table they sit in a compact menu; on cards they are plain buttons. Removing, changing a role
 * and sending a reset link ask first.
 */
export function UserActions({
  user,
  isSelf,
  toggling,
  removing,
  onDetails,
  onToggle,
  onRemove,
  layout = 'menu',
}: {
  user: AdminUser;
  isSelf: boolean;
  toggling: boolean;
  removing: boolean;
  onDetails: () => void;
  onToggle: () => void;
  onRemove: () => void;
  layout?: 'menu' | 'buttons';
}) {
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const [changingRole, setChangingRole] = useState(false);
  const [resetting, setResetting] = useState(false);
  const sendReset = useSendPasswordReset();
  const name = fullName(user);
  const toggleLabel = user.isActive ? 'Deactivate' : 'Activate';
  const busy = toggling || removing;
  const ToggleIcon = user.isActive ? PowerOff : Power;
  const canToggle = user.isActive ? user.can.deactivate : user.can.activate;

  const confirm = (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      title={`Remove ${name}?`}
      description="Their account will be deactivated and hidden from member lists, and they will be signed out. Their leads and commissions are kept."
      destructive
      onConfirm={onRemove}
      confirm={
        <>
          <Trash2 className="size-4" aria-hidden /> Remove user
        </>
      }
    />
  );

  // the dialogs the menu and the buttons open, each only when the ability allows it
  const dialogs = (
    <>
      {user.can.remove && confirm}
      {user.can.edit && editing && <EditUserDialog user={user} open onOpenChange={setEditing} />}
      {user.can.changeRole && <ChangeRoleDialog user={user} isSelf={isSelf} open={changingRole} onOpenChange={setChangingRole} />}
      {user.can.sendPasswordReset && (
        <ConfirmDialog
          open={resetting}
          onOpenChange={setResetting}
          title={`Send ${name} a password reset link?`}
          description={`We'll e-mail ${name} a link to choose a new password. You never see or set it.`}
          pending={sendReset.isPending}
          onConfirm={() => sendReset.mutate({ id: user.id }, { onSettled: () => setResetting(false) })}
          confirm={
            <>{sendReset.isPending ? <Spinner className="size-4 text-primary-foreground" label="Sending" /> : <KeyRound className="size-4" aria-hidden />} Send link</>
          }
        />
      )}
    </>
  );

  if (layout === 'buttons') {
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onDetails} aria-label={`View details of ${name}`}>
          <Eye aria-hidden /> Details
        </Button>
        {!isSelf && (
          <Button asChild variant="outline" size="sm">
            <a href={`mailto:${user.email}`} aria-label={`E-mail ${name}`}>
              <Mail aria-hidden /> E-mail
            </a>
          </Button>
        )}
        {user.can.edit && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} disabled={busy} aria-label={`Edit details of ${name}`}>
            <Pencil aria-hidden /> Edit
          </Button>
        )}
        {user.can.changeRole && (
          <Button variant="outline" size="sm" onClick={() => setChangingRole(true)} disabled={busy} aria-label={`Change role of ${name}`}>
            <ShieldCheck aria-hidden /> Change role
          </Button>
        )}
        {user.can.sendPasswordReset && (
          <Button variant="outline" size="sm" onClick={() => setResetting(true)} disabled={busy} aria-label={`Send ${name} a password reset link`}>
            <KeyRound aria-hidden /> Reset password
          </Button>
        )}
        {canToggle && (
          <Button variant="outline" size="sm" onClick={onToggle} disabled={busy} aria-label={`${toggleLabel} ${name}`}>
            {toggling ? <Spinner className="size-4" label={user.isActive ? 'Deactivating' : 'Activating'} /> : <ToggleIcon aria-hidden />}
            {toggleLabel}
          </Button>
        )}
        {user.can.remove && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setConfirming(true)}
            disabled={busy}
            aria-label={`Remove ${name}`}
            className="text-destructive hover:bg-destructive-soft hover:text-destructive"
          >
            {removing ? <Spinner className="size-4 text-destructive" label="Removing" /> : <Trash2 aria-hidden />}
            Remove
          </Button>
        )}
        {dialogs}
      </div>
    );
  }

  // one's own row offers no menu, unless a master-admin may step down from their role there
  const hasMenu = !isSelf || user.can.changeRole;
  return (
    <div className="flex items-center justify-end gap-0.5">
      <Tooltip>
        <TooltipTrigger asChild>
          <Button variant="ghost" size="icon-sm" onClick={onDetails} aria-label={`View details of ${name}`}>
            <Eye aria-hidden />
          </Button>
        </TooltipTrigger>
        <TooltipContent>View details</TooltipContent>
      </Tooltip>
      {!hasMenu ? (
        <span className="size-8" aria-hidden />
      ) : (
        <>
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label={`More actions for ${name}`} disabled={busy}>
                {busy ? <Spinner className="size-4" label={removing ? 'Removing' : 'Saving'} /> : <MoreHorizontal aria-hidden />}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="min-w-56">
              {!isSelf && (
                <DropdownMenuItem asChild>
                  <a href={`mailto:${user.email}`}>
                    <Mail aria-hidden /> E-mail {user.firstName}
                  </a>
                </DropdownMenuItem>
              )}
              {user.can.edit && (
                <DropdownMenuItem onSelect={() => setEditing(true)}>
                  <Pencil aria-hidden /> Edit details…
                </DropdownMenuItem>
              )}
              {user.can.changeRole && (
                <DropdownMenuItem onSelect={() => setChangingRole(true)}>
                  <ShieldCheck aria-hidden /> Change role…
                </DropdownMenuItem>
              )}
              {user.can.sendPasswordReset && (
                <DropdownMenuItem onSelect={() => setResetting(true)}>
                  <KeyRound aria-hidden /> Send password reset link…
                </DropdownMenuItem>
              )}
              {canToggle && (
                <DropdownMenuItem onSelect={onToggle}>
                  <ToggleIcon aria-hidden /> {toggleLabel}
                </DropdownMenuItem>
              )}
              {user.can.remove && (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem onSelect={() => setConfirming(true)} className="text-destructive data-[highlighted]:bg-destructive-soft [&_svg]:text-destructive">
                    <Trash2 aria-hidden /> Remove…
                  </DropdownMenuItem>
                </>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
          {dialogs}
        </>
      )}
    </div>
  );
}

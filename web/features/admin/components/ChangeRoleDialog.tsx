import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { roleWithArticle } from '../../../../common/rules/roles.ts';
import { ASSIGNABLE_ROLES, type AdminUser, type UserRoleChange } from '../../../../common/schemas/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useChangeUserRole } from '../api/users.ts';
import { fullName, roleName } from './UserBadges.tsx';

type Assignable = UserRoleChange['role'];

/** What the new role means for the member, said before it is confirmed. */
const CONSEQUENCES: Record<Assignable, string> = {
  admin: 'They will be able to open the Admin Panel: review leads and applications, manage partners, pay commissions and create events.',
  partner: 'They will lose access to the Admin Panel and keep their leads, commissions and profile.',
};

/**
 * "Change role…": confirms the change by name ("Make Tom Baker an admin?") and what it means, then asks the
 * server. A partner can become an admin and an admin a partner; a master-admin stepping down chooses which.
 * The member is notified and sees the new role on their next click.
 */
export function ChangeRoleDialog({ user, isSelf, open, onOpenChange }: { user: AdminUser; isSelf: boolean; open: boolean; onOpenChange: (open: boolean) => void }) {
  const change = useChangeUserRole();
  const choices = ASSIGNABLE_ROLES.filter((r) => r !== user.role);
  // the choice made in this opening; anything else (a role they have since been given) falls back to the first
  const [picked, setPicked] = useState<Assignable | null>(null);
  const role = picked && choices.includes(picked) ? picked : choices[0];
  const groupId = useId();
  const busy = change.isPending;
  const name = isSelf ? 'yourself' : fullName(user);

  const close = (o: boolean) => {
    if (busy) return;
    if (!o) setPicked(null);
    onOpenChange(o);
  };
  const confirm = () =>
    change.mutate(
      { id: user.id, role },
      {
        onSettled: () => {
          setPicked(null);
          onOpenChange(false);
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>
            Make {name} {roleWithArticle(role)}?
          </DialogTitle>
          <DialogDescription>
            {isSelf ? 'You are' : `${fullName(user)} is`} {roleWithArticle(user.role)} now. {CONSEQUENCES[role]}
            {!isSelf && ' They will be notified.'}
          </DialogDescription>
        </DialogHeader>
        {choices.length > 1 && (
          <fieldset className="grid gap-2" aria-describedby={`${groupId}-hint`}>
            <legend className="mb-1 text-sm font-medium">New role</legend>
            <p id={`${groupId}-hint`} className="sr-only">
              Choose the role to give
            </p>
            {choices.map((r) => (
              <label key={r} className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary">
                <input type="radio" name={groupId} value={r} checked={role === r} onChange={() => setPicked(r)} disabled={busy} className="size-4 accent-primary" />
                {roleName(r)}
              </label>
            ))}
          </fieldset>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="button" onClick={confirm} disabled={busy}>
            {busy ? <Spinner className="size-4 text-primary-foreground" label="Changing role" /> : <ShieldCheck aria-hidden />}
            Make {roleWithArticle(role)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

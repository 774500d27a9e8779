import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LIMITS } from '../../../../common/constants/limits.ts';
import { invitationSchema } from '../../../../common/schemas/password-reset.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { placeServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useInviteMember } from '../api/invitations.ts';

type Values = z.input<typeof invitationSchema>;
type Parsed = z.output<typeof invitationSchema>;
const FIELDS = ['email', 'firstName', 'lastName'] as const;
const EMPTY: Values = { email: '', firstName: '', lastName: '' };

/**
 * "Invite member": an administrator enters someone's e-mail address and name; they get an approved partner
 * account and an e-mail with a link to set their password. Shown only to those who may manage users, as a
 * right-aligned row of its own.
 */
export function InviteMemberButton() {
  const canInvite = !!useCurrentUser().data?.can.manageUsers;
  const [open, setOpen] = useState(false);
  const invite = useInviteMember();
  const form = useForm<Values, unknown, Parsed>({ resolver: zodResolver(invitationSchema), defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const err = form.formState.errors;
  const busy = invite.isPending;
  const reg = (name: (typeof FIELDS)[number]) => form.register(name, { onChange: () => form.clearErrors(name) });

  if (!canInvite) return null;

  const close = (o: boolean) => {
    if (busy) return;
    if (!o) {
      form.reset(EMPTY);
      invite.reset();
    }
    setOpen(o);
  };
  const submit = form.handleSubmit((data) =>
    invite.mutate(data, {
      onSuccess: (made) => {
        toast({
          variant: 'success',
          title: 'Invitation sent',
          description: `${made.firstName} ${made.lastName} can now set a password from the e-mail sent to ${made.email}.`,
        });
        close(false);
      },
      onError: (e) => {
        if (placeServerErrors(e, FIELDS, form.setError)) return;
        form.setError('root', { message: e instanceof ApiError && e.status !== 500 && e.status !== 0 ? e.detail : 'Failed to send the invitation. Please try again.' });
      },
    }),
  );

  return (
    <div className="flex justify-end">
      <Dialog open={open} onOpenChange={close}>
        <DialogTrigger asChild>
          <Button>
            <UserPlus aria-hidden /> Invite member
          </Button>
        </DialogTrigger>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Invite member</DialogTitle>
            <DialogDescription>They join as an approved partner and receive an e-mail with a link to set their password (valid for 7 days).</DialogDescription>
          </DialogHeader>
          <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
            <Field id="invite-email" label="Email" error={err.email?.message}>
              <Input {...fieldA11y('invite-email', err.email?.message)} {...reg('email')} type="email" autoComplete="off" maxLength={254} disabled={busy} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="invite-first-name" label="First Name" error={err.firstName?.message}>
                <Input
                  {...fieldA11y('invite-first-name', err.firstName?.message)}
                  {...reg('firstName')}
                  autoComplete="off"
                  maxLength={LIMITS.name.max + 10}
                  disabled={busy}
                />
              </Field>
              <Field id="invite-last-name" label="Last Name" error={err.lastName?.message}>
                <Input
                  {...fieldA11y('invite-last-name', err.lastName?.message)}
                  {...reg('lastName')}
                  autoComplete="off"
                  maxLength={LIMITS.name.max + 10}
                  disabled={busy}
                />
              </Field>
            </div>
            {err.root?.message && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {err.root.message}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy && <Spinner className="size-4 text-primary-foreground" label="Sending invitation" />}
                {busy ? 'Sending...' : 'Send invitation'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

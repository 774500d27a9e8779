import { MailPlus } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { placementInvitationSchema } from '../../../../common/schemas/timesheets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { serverFieldMessages } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useInviteClient } from '../api/timesheets.ts';

/** What the invitation form checks before sending: the server's own schema, without the lead (the dialog's). */
const inviteSchema = placementInvitationSchema.omit({ leadId: true });
type Values = z.input<typeof inviteSchema>;
const FIELDS = ['firstName', 'lastName', 'email'] as const;
const EMPTY: Values = { firstName: '', lastName: '', email: '' };

/**
 * The client contact is not a member yet: invite them by e-mail to join on the placement's lead. An address that
 * already belongs to a member is refused by the server with a message saying so, shown here.
 */
export function InviteClientForm({ leadId, onDone }: { leadId: string | null; onDone: () => void }) {
  const invite = useInviteClient();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = () => {
    setFormError(undefined);
    const parsed = inviteSchema.safeParse({ ...values, email: values.email.trim() });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const i of parsed.error.issues) found[i.path[0] as (typeof FIELDS)[number]] ??= i.message;
      setErrors(found);
      document.getElementById(`invite-${FIELDS.find((f) => found[f])}`)?.focus();
      return;
    }
    setErrors({});
    if (!leadId) return setFormError('Choose the lead first: the invitation is for its client contact.');
    invite.mutate(
      { leadId, ...parsed.data },
      {
        onSuccess: () => {
          setSentTo(parsed.data.email);
          setValues(EMPTY);
          toast({ variant: 'success', title: 'Invitation sent', description: `${parsed.data.firstName} ${parsed.data.lastName} can join and be chosen as the client.` });
        },
        onError: (e) => {
          const placed = serverFieldMessages(e, FIELDS);
          if (placed.length) setErrors(Object.fromEntries(placed.map((m) => [m.name, m.message])));
          else setFormError(errorDetail(e, 'Could not send the invitation. Please try again.'));
        },
      },
    );
  };

  const field = (name: (typeof FIELDS)[number], label: string, type = 'text', autoComplete = 'off') => (
    <Field id={`invite-${name}`} label={label} error={errors[name]}>
      <Input
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        disabled={invite.isPending}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        {...fieldA11y(`invite-${name}`, errors[name])}
      />
    </Field>
  );

  return (
    <div role="group" aria-labelledby="invite-title" className="grid gap-3 rounded-lg border border-dashed border-border bg-muted/30 p-4">
      <div>
        <p id="invite-title" className="flex items-center gap-2 text-sm font-semibold">
          <MailPlus className="size-4 text-muted-foreground" aria-hidden /> Invite the client by e-mail
        </p>
        <p className="mt-1 text-[13px] text-muted-foreground">They get an invitation to join; once they are a member you can choose them as the client.</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('firstName', 'First name')}
        {field('lastName', 'Last name')}
      </div>
      {field('email', 'E-mail', 'email')}
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      {sentTo && !formError && (
        <p role="status" className="text-sm font-medium text-success">
          Invitation sent to {sentTo}.
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone} disabled={invite.isPending}>
          Close
        </Button>
        <Button size="sm" onClick={send} disabled={invite.isPending}>
          <MailPlus aria-hidden /> {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
    </div>
  );
}

import { UserCheck } from 'lucide-react';
import { useId } from 'react';
import type { Lead } from '../../../../common/schemas/lead.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAssignLead, useLeadOwnerChoices } from '../api/update-lead.ts';

/** The select's value for "nobody" (a select option needs a value). */
const NOBODY = 'nobody';

/**
 * The administrator who owns the lead, for whoever may assign it: "Assign to me" in one click, or any active
 * administrator (or nobody) from the list. The new owner is told by the server, unless they chose themselves.
 */
export function LeadOwnerControl({ lead, meId }: { lead: Lead; meId: string }) {
  const id = useId();
  const choices = useLeadOwnerChoices(true);
  const assign = useAssignLead(lead.id);
  const owner = lead.assignedTo;
  // the current owner is always a choice, even before the list arrives (or if they are no longer listed)
  const options = [...(choices.data ?? [])];
  if (owner && !options.some((o) => o.id === owner.id)) options.unshift(owner);

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-owner`}>Owner</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Select value={owner?.id ?? NOBODY} onValueChange={(v) => assign.mutate(v === NOBODY ? null : v)} disabled={assign.isPending}>
          <SelectTrigger id={`${id}-owner`} className="min-w-0 flex-1 sm:w-56 sm:flex-none" aria-describedby={choices.isError ? `${id}-owner-error` : undefined}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NOBODY}>Unassigned</SelectItem>
            {options.map((o) => (
              <SelectItem key={o.id} value={o.id}>
                {o.name}
                {o.id === meId ? ' (you)' : ''}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {owner?.id !== meId && (
          <Button variant="outline" size="sm" onClick={() => assign.mutate(meId)} disabled={assign.isPending}>
            {assign.isPending ? <Spinner className="size-3.5" label="Assigning" /> : <UserCheck aria-hidden />}
            Assign to me
          </Button>
        )}
      </div>
      {choices.isError && (
        <p id={`${id}-owner-error`} className="text-xs text-destructive">
          The list of administrators could not be loaded; you can still assign the lead to yourself.
        </p>
      )}
    </div>
  );
}

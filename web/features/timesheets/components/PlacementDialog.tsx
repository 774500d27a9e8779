import { MailPlus } from 'lucide-react';
import { useState } from 'react';
import { LEAD_TYPE_LABELS, type LeadType } from '../../../../common/constants/leads.ts';
import { PLACEMENT_UNITS, PLACEMENT_UNIT_LABELS, type PlacementUnit } from '../../../../common/constants/timesheets.ts';
import { placementCreateSchema, type Placement } from '../../../../common/schemas/timesheets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { serverFieldMessages } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useMemberOptions, useSavePlacement, useWonLeadOptions, type PickOption } from '../api/timesheets.ts';
import { InviteClientForm } from './InviteClientForm.tsx';
import { SearchPicker } from './SearchPicker.tsx';

const FIELDS = ['leadId', 'contractorId', 'clientId', 'chargeRate', 'payRate', 'unit', 'startDate', 'endDate'] as const;
type Name = (typeof FIELDS)[number];

interface State {
  lead: PickOption | null;
  contractor: PickOption | null;
  client: PickOption | null;
  chargeRate: string;
  payRate: string;
  unit: PlacementUnit;
  startDate: string;
  endDate: string;
}

const pounds = (money: string | null) => (money === null ? '' : money.replace(/\.00$/, ''));

function initial(p: Placement | null): State {
  if (!p) return { lead: null, contractor: null, client: null, chargeRate: '', payRate: '', unit: 'hour', startDate: '', endDate: '' };
  return {
    lead: { id: p.leadId, label: p.companyName, detail: LEAD_TYPE_LABELS[p.leadType as LeadType] ?? p.leadType },
    contractor: { id: p.contractorId, label: p.contractorName, detail: 'Contractor' },
    client: { id: p.clientId, label: p.clientName, detail: 'Client contact' },
    chargeRate: pounds(p.chargeRate),
    payRate: pounds(p.payRate),
    unit: p.unit,
    startDate: p.startDate,
    endDate: p.endDate,
  };
}

/**
 * Create or edit a placement (administrators): a closed-won interim or recruitment lead, the contractor and the
 * client contact (members), the charge and pay rates in pounds per hour or day, and the dates. The form checks the
 * placement rules before sending; the server's refusals (a unit fixed by existing sheets, say) are shown as it
 * words them. A client contact who is not a member yet can be invited by e-mail from here.
 */
export function PlacementDialog({ placement, open, onOpenChange }: { placement: Placement | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const save = useSavePlacement();
  const [s, setS] = useState<State>(() => initial(placement));
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [inviting, setInviting] = useState(false);
  const editing = !!placement;
  const set = (patch: Partial<State>) => setS((x) => ({ ...x, ...patch }));

  const close = (o: boolean) => {
    if (save.isPending) return;
    onOpenChange(o);
  };

  const submit = () => {
    setFormError(undefined);
    const body = {
      leadId: s.lead?.id ?? '',
      contractorId: s.contractor?.id ?? '',
      clientId: s.client?.id ?? '',
      chargeRate: s.chargeRate.trim(),
      payRate: s.payRate.trim(),
      unit: s.unit,
      startDate: s.startDate,
      endDate: s.endDate,
    };
    const parsed = placementCreateSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Name, string>> = {};
      for (const i of parsed.error.issues) found[i.path[0] as Name] ??= i.message;
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) document.getElementById(`placement-${first}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(
      { id: placement?.id, body },
      {
        onSuccess: (p) => {
          toast({ variant: 'success', title: editing ? 'Placement updated' : 'Placement created', description: `${p.contractorName} at ${p.companyName}.` });
          onOpenChange(false);
        },
        onError: (e) => {
          const placed = serverFieldMessages(e, FIELDS);
          if (placed.length) {
            setErrors(Object.fromEntries(placed.map((m) => [m.name, m.message])));
            document.getElementById(`placement-${placed[0].name}`)?.focus();
          } else setFormError(errorDetail(e, 'Could not save the placement. Please try again.'));
        },
      },
    );
  };

  const rate = (name: 'chargeRate' | 'payRate', label: string, hint: string) => (
    <Field id={`placement-${name}`} label={label} error={errors[name]} hint={hint}>
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
          £
        </span>
        <Input
          form="placement-form"
          inputMode="decimal"
          autoComplete="off"
          className="pl-7 tabular-nums"
          value={s[name]}
          disabled={save.isPending}
          onChange={(e) => set({ [name]: e.target.value })}
          {...fieldA11y(`placement-${name}`, errors[name], true)}
        />
      </div>
    </Field>
  );
  const perUnit = s.unit === 'hour' ? 'per hour' : 'per day';

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[92dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit placement' : 'New placement'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Once a placement has timesheets its unit and contractor stay fixed; once one is approved its rates do too.'
              : 'Place a contractor with a client contact on a won interim or recruitment lead.'}
          </DialogDescription>
        </DialogHeader>
        <form
          id="placement-form"
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <SearchPicker
            id="placement-leadId"
            label="Lead"
            value={s.lead}
            onChange={(lead) => set({ lead })}
            useOptions={useWonLeadOptions}
            placeholder="Search won interim and recruitment leads"
            error={errors.leadId}
            disabled={editing || save.isPending}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SearchPicker
              id="placement-contractorId"
              label="Contractor"
              value={s.contractor}
              onChange={(contractor) => set({ contractor })}
              useOptions={useMemberOptions}
              placeholder="Search members by name or e-mail"
              error={errors.contractorId}
              disabled={save.isPending}
              exclude={s.client?.id}
            />
            <SearchPicker
              id="placement-clientId"
              label="Client contact"
              value={s.client}
              onChange={(client) => set({ client })}
              useOptions={useMemberOptions}
              placeholder="Search members by name or e-mail"
              error={errors.clientId}
              disabled={save.isPending}
              exclude={s.contractor?.id}
            />
          </div>
        </form>
        {!editing &&
          (inviting ? (
            <InviteClientForm leadId={s.lead?.id ?? null} onDone={() => setInviting(false)} />
          ) : (
            <Button variant="link" className="justify-self-start text-sm" onClick={() => setInviting(true)}>
              <MailPlus aria-hidden /> Client not a member yet? Invite by e-mail
            </Button>
          ))}
        <div className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id="placement-unit" label="Rates are per" error={errors.unit}>
              <Select value={s.unit} onValueChange={(v) => set({ unit: v as PlacementUnit })} disabled={save.isPending}>
                <SelectTrigger {...fieldA11y('placement-unit', errors.unit)}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PLACEMENT_UNITS.map((u) => (
                    <SelectItem key={u} value={u}>
                      {u === 'hour' ? 'Hour' : 'Day'} ({PLACEMENT_UNIT_LABELS[u].toLowerCase()} on sheets)
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            {rate('chargeRate', 'Charge rate', `What the client pays ${perUnit}`)}
            {rate('payRate', 'Pay rate', `What the contractor earns ${perUnit}`)}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {(['startDate', 'endDate'] as const).map((name) => (
              <Field key={name} id={`placement-${name}`} label={name === 'startDate' ? 'Start date' : 'End date'} error={errors[name]}>
                <Input
                  type="date"
                  form="placement-form"
                  value={s[name]}
                  disabled={save.isPending}
                  onChange={(e) => set({ [name]: e.target.value })}
                  {...fieldA11y(`placement-${name}`, errors[name])}
                />
              </Field>
            ))}
          </div>
        </div>
        {formError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {formError}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="placement-form" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Create placement'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

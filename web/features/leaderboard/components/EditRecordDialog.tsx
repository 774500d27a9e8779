import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { hallOfFameUpdateSchema, type HallOfFameRecord } from '../../../../common/schemas/gamification.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { serverFieldMessages } from '../../../lib/form-errors.ts';
import { useUpdateHallOfFameRecord } from '../api/leaderboard.ts';
import { formatRecordValue } from '../lib/board.ts';

const FIELDS = ['label', 'value', 'holder', 'achievedIn'] as const;
type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName, string>>;

/** "32000.00" → "32000", "1234.50" → "1234.5": the amount as someone would type it. */
const typedAmount = (value: string) => String(Number.parseFloat(value) || 0);

function EditRecordForm({ record, onDone }: { record: HallOfFameRecord; onDone: () => void }) {
  const [values, setValues] = useState<Record<FieldName, string>>({
    label: record.label,
    value: typedAmount(record.value),
    holder: record.holder ?? '',
    achievedIn: record.achievedIn ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateHallOfFameRecord();
  const set = (name: FieldName) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setErrors((old) => ({ ...old, [name]: undefined }));
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = hallOfFameUpdateSchema.safeParse({
      label: values.label,
      value: values.value.replace(/[£,\s]/g, '') || undefined,
      holder: values.holder.trim() || null,
      achievedIn: values.achievedIn.trim() || null,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        next[name] ??= name === 'value' && values.value.trim() === '' ? 'Enter an amount in pounds' : issue.message;
      }
      setErrors(next);
      const first = FIELDS.find((f) => next[f]);
      if (first) document.getElementById(`record-${first}`)?.focus();
      return;
    }
    if (parsed.data.value === undefined) {
      setErrors({ value: 'Enter an amount in pounds' });
      return;
    }
    const body = {
      label: parsed.data.label ?? values.label,
      value: String(parsed.data.value),
      holder: parsed.data.holder ?? null,
      achievedIn: parsed.data.achievedIn ?? null,
    };
    update.mutate(
      { id: record.id, ...body },
      {
        onSuccess: onDone,
        onError: (err) => {
          const placed = serverFieldMessages(err, FIELDS);
          setErrors(Object.fromEntries(placed.map((m) => [m.name, m.message])));
        },
      },
    );
  };

  const placedServerError = update.error && serverFieldMessages(update.error, FIELDS).length > 0;
  const amount = Number.parseFloat(values.value.replace(/[£,\s]/g, ''));

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <Field id="record-label" label="Label" error={errors.label}>
        <Input {...fieldA11y('record-label', errors.label)} value={values.label} onChange={set('label')} maxLength={80} autoComplete="off" />
      </Field>
      <Field
        id="record-value"
        label="Amount (£)"
        error={errors.value}
        hint={Number.isFinite(amount) && !errors.value ? `Shown as ${formatRecordValue(amount)}` : undefined}
      >
        <Input
          {...fieldA11y('record-value', errors.value, Number.isFinite(amount) && !errors.value)}
          value={values.value}
          onChange={set('value')}
          inputMode="decimal"
          autoComplete="off"
        />
      </Field>
      <Field id="record-holder" label="Held by" optional error={errors.holder}>
        <Input
          {...fieldA11y('record-holder', errors.holder)}
          value={values.holder}
          onChange={set('holder')}
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. Priya Raman"
        />
      </Field>
      <Field id="record-achievedIn" label="Achieved in" optional error={errors.achievedIn}>
        <Input
          {...fieldA11y('record-achievedIn', errors.achievedIn)}
          value={values.achievedIn}
          onChange={set('achievedIn')}
          maxLength={40}
          autoComplete="off"
          placeholder="e.g. Q3 2025"
        />
      </Field>
      {update.isError && !placedServerError && (
        <p role="alert" className="rounded-lg bg-destructive-soft px-3 py-2 text-sm text-destructive">
          {errorDetail(update.error, 'Could not save the record. Please try again.')}
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : <Save aria-hidden />}
          Save Record
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Admin dialog: correct one hall of fame record (PATCH /api/leaderboard/records/{id}), checked before it is sent. */
export function EditRecordDialog({ record, onOpenChange }: { record: HallOfFameRecord | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={!!record} onOpenChange={onOpenChange}>
      {record && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Edit Hall of Fame Record</DialogTitle>
            <DialogDescription>Currently {formatRecordValue(record.value)}. Every member sees the change on the leaderboard.</DialogDescription>
          </DialogHeader>
          <EditRecordForm key={record.id} record={record} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

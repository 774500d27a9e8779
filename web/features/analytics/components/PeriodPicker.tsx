import { useId, useState, type FormEvent } from 'react';
import { ANALYTICS_PERIOD_LABELS, ANALYTICS_PERIODS, type AnalyticsPeriod } from '../../../../common/schemas/analytics.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { periodText } from '../../../lib/chart-data.ts';
import { cn } from '../../../lib/utils.ts';
import type { PeriodChoice } from '../lib/period.ts';

/**
 * The period the tab shows: a preset (this month, quarter, year, the last 12 months) or two dates of one's own,
 * applied with "Show". The choice lives in the address, so `onChange` receives the period and, for a custom one,
 * its dates.
 */
export function PeriodPicker({ choice, onChange }: { choice: PeriodChoice; onChange: (period: AnalyticsPeriod, from?: string, to?: string) => void }) {
  const id = useId();
  const [custom, setCustom] = useState(choice.period === 'custom');
  const [from, setFrom] = useState(choice.from);
  const [to, setTo] = useState(choice.to);
  const showing = custom || choice.period === 'custom';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange('custom', from, to);
  };
  return (
    <div className="grid gap-3">
      <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
        {ANALYTICS_PERIODS.map((p) => {
          const pressed = p === 'custom' ? showing : !showing && choice.period === p;
          return (
            <Button
              key={p}
              size="sm"
              variant={pressed ? 'default' : 'outline'}
              aria-pressed={pressed}
              onClick={() => {
                if (p === 'custom') return setCustom(true);
                setCustom(false);
                onChange(p);
              }}
            >
              {ANALYTICS_PERIOD_LABELS[p]}
            </Button>
          );
        })}
      </div>
      {showing && (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Custom period">
          <div className="grid gap-1">
            <label htmlFor={`${id}-from`} className="text-[13px] font-medium">
              From
            </label>
            <Input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} className="w-40" required />
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-to`} className="text-[13px] font-medium">
              To
            </label>
            <Input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} className="w-40" required />
          </div>
          <Button type="submit" size="sm" className="mb-1">
            Show
          </Button>
        </form>
      )}
      <p className={cn('text-sm', choice.error ? 'text-destructive' : 'text-muted-foreground')} role={choice.error ? 'alert' : undefined}>
        {choice.error ? `${choice.error}. Showing this month instead: ` : 'Showing '}
        <span className="font-medium text-foreground">{periodText(choice.from, choice.to)}</span>, compared with the period of the same length before it.
      </p>
    </div>
  );
}

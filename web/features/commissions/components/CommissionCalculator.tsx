import { Calculator, Info } from 'lucide-react';
import { useId, useState } from 'react';
import { marginalCommission, TIERS } from '../../../../common/rules/commission-tiers.ts';
import { toPence } from '../../../../common/rules/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { formatGBP } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';

const MONEY = /^\d{1,8}(\.\d{1,2})?$/;

function tierRange(from: number, to: number): string {
  return Number.isFinite(to) ? `${formatGBP(from / 100)} – ${formatGBP(to / 100)}` : `Above ${formatGBP(from / 100)}`;
}

/** How much of a deal falls into each band, starting above the month's earlier closed-won value (pence). */
function bands(priorPence: number, valuePence: number) {
  const end = priorPence + valuePence;
  return TIERS.map((t) => {
    const inBand = Math.max(0, Math.min(end, t.to) - Math.max(priorPence, t.from));
    return { ...t, inBand, commission: (inBand * t.percent) / 100 };
  }).filter((b) => b.inBand > 0);
}

/**
 * The commission calculator: a deal value gives its commission and blended rate with the shared tier functions,
 * in pence, on top of this month's closed-won value (or from zero). With the tier table and the payment note.
 */
export function CommissionCalculator({ monthValue, currentTierIndex }: { monthValue: string | undefined; currentTierIndex: number | null }) {
  const id = useId();
  const inputId = `${id}-deal`;
  const [text, setText] = useState('');
  // unticked: the figure for the value typed on its own, as the worked example below reads; ticking adds this month's business
  const [onTop, setOnTop] = useState(false);
  const trimmed = text.trim().replace(/,/g, '');
  const invalid = trimmed !== '' && !MONEY.test(trimmed);
  const valuePence = trimmed && !invalid ? toPence(trimmed) : 0;
  const priorPence = onTop && monthValue ? toPence(monthValue) : 0;
  const result = marginalCommission(priorPence, valuePence);
  const split = bands(priorPence, valuePence);

  return (
    <Card className="h-full" role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Calculator className="size-5 text-muted-foreground" aria-hidden /> Commission Calculator
        </CardTitle>
        <CardDescription>Tiers are progressive over the value you close in a calendar month.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-3">
          <Field id={inputId} label="Deal value: gross profit billed (GBP)" error={invalid ? 'Enter the deal value in pounds, e.g. 26100' : undefined}>
            <div className="relative">
              <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
                £
              </span>
              <Input
                {...fieldA11y(inputId, invalid ? 'invalid' : undefined)}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder="26100"
                className="pl-7 tabular-nums"
              />
            </div>
          </Field>
          <div className="flex items-start gap-2.5">
            <Checkbox id={`${id}-ontop`} checked={onTop} onCheckedChange={(c) => setOnTop(c === true)} className="mt-0.5" />
            <Label htmlFor={`${id}-ontop`} className="font-normal leading-snug">
              Add to what I have closed this month{monthValue !== undefined ? ` (${formatGBP(monthValue)})` : ''}
            </Label>
          </div>
        </div>

        <div className="grid grid-cols-2 gap-3 rounded-lg border border-primary/10 bg-primary-soft/60 p-4" aria-live="polite">
          <div>
            <p className="text-xs font-medium text-muted-foreground">Your commission</p>
            <p className="mt-0.5 text-2xl font-semibold tabular-nums tracking-tight text-primary">{formatGBP(result.amountPence / 100, 2)}</p>
          </div>
          <div>
            <p className="text-xs font-medium text-muted-foreground">Blended rate</p>
            <p className="mt-0.5 text-2xl font-semibold tabular-nums tracking-tight">{(result.rate * 100).toFixed(1)}%</p>
          </div>
          {split.length > 0 && (
            <ul className="col-span-2 grid gap-1 border-t border-primary/10 pt-3 text-xs text-muted-foreground">
              {split.map((b) => (
                <li key={b.label} className="flex justify-between gap-3 tabular-nums">
                  <span>
                    {formatGBP(b.inBand / 100, 2)} at {b.percent}% ({b.label})
                  </span>
                  <span className="font-medium text-foreground">{formatGBP(b.commission / 100, 2)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div>
          <table className="w-full text-sm">
            <caption className="mb-2 text-left text-sm font-semibold">Commission tiers</caption>
            <thead>
              <tr className="border-b border-border text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Tier
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Monthly gross profit billed
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Rate
                </th>
              </tr>
            </thead>
            <tbody>
              {TIERS.map((t, i) => (
                <tr key={t.label} className={cn('border-b border-border last:border-0', currentTierIndex === i && 'bg-success-soft/70')}>
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {t.label}
                    {currentTierIndex === i && <span className="ml-2 text-xs font-normal text-success">(you, this month)</span>}
                  </th>
                  <td className="py-2 pr-3 tabular-nums">{tierRange(t.from, t.to)}</td>
                  <td className="py-2 text-right font-semibold tabular-nums">{t.percent}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <div className="grid gap-2 rounded-lg bg-muted/60 p-3.5 text-[13px] leading-snug text-muted-foreground">
          <p className="flex gap-2">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              Example: a single deal of <strong className="text-foreground">£26,100</strong> in a month gives <strong className="text-foreground">£7,440</strong> — 20% of
              the first £10,000, 30% of the next £10,000 and 40% of the remaining £6,100.{' '}
              <Button
                variant="link"
                className="h-auto p-0 text-[13px]"
                onClick={() => {
                  setText('26100');
                  setOnTop(false);
                }}
              >
                Try it
              </Button>
            </span>
          </p>
          <p className="pl-6">Commission is paid on the 15th of the month.</p>
        </div>
      </CardContent>
    </Card>
  );
}

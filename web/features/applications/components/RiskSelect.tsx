import { RISK_LEVELS, type RiskLevel } from '../../../../common/constants/options.ts';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/utils.ts';

const LABELS: Record<RiskLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };
const TONES: Record<RiskLevel, string> = {
  low: 'border-success/40 bg-success-soft text-success',
  medium: 'border-warning/40 bg-warning-soft text-warning',
  high: 'border-destructive/40 bg-destructive-soft text-destructive',
};
const DOTS: Record<RiskLevel, string> = { low: 'bg-success', medium: 'bg-warning', high: 'bg-destructive' };

/** The Risk Assessment select, coloured by level (low green, medium amber, high red). */
export function RiskSelect({ id, value, onChange, disabled }: { id: string; value: RiskLevel | null; onChange: (v: RiskLevel) => void; disabled?: boolean }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Risk Assessment</Label>
      <Select value={value ?? ''} onValueChange={(v) => onChange(v as RiskLevel)} disabled={disabled}>
        <SelectTrigger id={id} className={cn('font-medium', value && TONES[value])}>
          <SelectValue placeholder="Not assessed" />
        </SelectTrigger>
        <SelectContent>
          {RISK_LEVELS.map((level) => (
            <SelectItem key={level} value={level}>
              <span className="flex items-center gap-2">
                <span className={cn('size-2 rounded-full', DOTS[level])} aria-hidden />
                {LABELS[level]}
              </span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

import type { LeaderboardPeriod } from '../../../../common/constants/community.ts';
import { cn } from '../../../lib/utils.ts';
import { PERIOD_OPTIONS } from '../lib/board.ts';

/** This month / This quarter / This year / All time: a row of pressed-or-not buttons (the choice is in the address). */
export function PeriodSwitch({ value, onChange }: { value: LeaderboardPeriod; onChange: (p: LeaderboardPeriod) => void }) {
  return (
    <div role="group" aria-label="Rankings period" className="grid w-full grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:inline-flex sm:w-auto">
      {PERIOD_OPTIONS.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={cn(
            'cursor-pointer whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            o.value === value && 'bg-card text-foreground shadow-sm',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { addDays, weekRange } from '../lib/week.ts';

/** Previous / next week around the week shown, and back to this week; weeks outside `allowed` are not offered. */
export function WeekPicker({
  week,
  thisWeek,
  onWeek,
  allowed,
}: {
  week: string;
  thisWeek: string;
  onWeek: (monday: string) => void;
  allowed: (monday: string) => boolean;
}) {
  const prev = addDays(week, -7);
  const next = addDays(week, 7);
  return (
    <nav aria-label="Choose the week" className="flex flex-wrap items-center gap-2">
      <Button variant="outline" size="sm" onClick={() => onWeek(prev)} disabled={!allowed(prev)}>
        <ChevronLeft aria-hidden /> Previous week
      </Button>
      <p className="min-w-44 text-center text-sm font-medium tabular-nums" aria-live="polite">
        {weekRange(week)}
      </p>
      <Button variant="outline" size="sm" onClick={() => onWeek(next)} disabled={!allowed(next)}>
        Next week <ChevronRight aria-hidden />
      </Button>
      {week !== thisWeek && allowed(thisWeek) && (
        <Button variant="ghost" size="sm" onClick={() => onWeek(thisWeek)}>
          <CalendarDays aria-hidden /> This week
        </Button>
      )}
    </nav>
  );
}

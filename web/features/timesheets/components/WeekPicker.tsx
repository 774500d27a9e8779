import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { addDays, relativeWeek } from '../lib/week.ts';

/**
 * Previous / next week around the week shown (named relative to this one: "Last week", "In 2 weeks"), and back to
 * this week; weeks outside `allowed` are not offered. On a phone the buttons keep only their arrows on screen.
 */
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
    <nav aria-label="Choose the week" className="flex items-center gap-2">
      <Button variant="outline" size="sm" onClick={() => onWeek(prev)} disabled={!allowed(prev)}>
        <ChevronLeft aria-hidden /> <span className="sr-only sm:not-sr-only">Previous week</span>
      </Button>
      <p className="min-w-28 flex-1 text-center text-sm font-medium sm:flex-none" aria-live="polite">
        {relativeWeek(week, thisWeek)}
      </p>
      <Button variant="outline" size="sm" onClick={() => onWeek(next)} disabled={!allowed(next)}>
        <span className="sr-only sm:not-sr-only">Next week</span> <ChevronRight aria-hidden />
      </Button>
      {week !== thisWeek && allowed(thisWeek) && (
        <Button variant="ghost" size="sm" onClick={() => onWeek(thisWeek)}>
          <CalendarDays aria-hidden /> This week
        </Button>
      )}
    </nav>
  );
}

import { Star } from 'lucide-react';
import { cn } from '../../../lib/utils.ts';

/** A mentor's mean rating from their mentees' reviews, or that there are none yet. */
export function RatingSummary({ rating, reviews, icon = true, className }: { rating: string; reviews: number; icon?: boolean; className?: string }) {
  if (reviews === 0) return <span className={cn('text-muted-foreground', className)}>No ratings yet</span>;
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      {icon && <Star className="size-4 fill-warning text-warning" aria-hidden />}
      <span className="font-medium tabular-nums text-foreground">{rating}</span>
      <span className="text-muted-foreground">
        ({reviews} {reviews === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}

/** A given rating as five stars, read out as "Rated N out of 5". */
export function StarsShown({ value }: { value: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Rated ${value} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={cn('size-4', n <= value ? 'fill-warning text-warning' : 'text-muted-foreground/50')} aria-hidden />
      ))}
    </span>
  );
}

/**
 * Choose 1 to 5 stars: a radio group (Tab reaches it, arrow keys move the choice, Space picks), each star labelled
 * "N stars", the chosen one and those before it filled.
 */
export function StarRating({
  name,
  value,
  onChange,
  disabled,
  describedBy,
}: {
  name: string;
  value: number | null;
  onChange: (n: number) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  return (
    <div role="radiogroup" aria-labelledby={`${name}-legend`} aria-describedby={describedBy} className="flex gap-1">
      {[1, 2, 3, 4, 5].map((n) => (
        <label
          key={n}
          className={cn(
            'flex size-10 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            disabled && 'cursor-not-allowed opacity-60',
          )}
        >
          <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} disabled={disabled} className="sr-only" />
          <Star className={cn('size-7 transition-colors', value !== null && n <= value ? 'fill-warning text-warning' : 'text-muted-foreground')} aria-hidden />
          <span className="sr-only">
            {n} {n === 1 ? 'star' : 'stars'}
          </span>
        </label>
      ))}
    </div>
  );
}

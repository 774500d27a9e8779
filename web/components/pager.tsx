import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../lib/utils.ts';
import { Button } from './ui/button.tsx';

/**
 * Previous / Next under a paged list, with where the visitor is: `summary` on the left ("1–20 of 143", "Page 2"),
 * and with `position` the page between the buttons ("Page 2 of 8" when `pageCount` is known, else "Page 2"). It is
 * left out while everything fits on the first page, unless `keepOnSinglePage`. Both buttons wait while `busy`.
 */
export function Pager({
  label,
  page,
  hasNext,
  onPage,
  busy = false,
  summary,
  position = false,
  pageCount,
  keepOnSinglePage = false,
  className,
}: {
  label: string;
  page: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  busy?: boolean;
  summary?: string;
  position?: boolean;
  pageCount?: number;
  keepOnSinglePage?: boolean;
  className?: string;
}) {
  if (page === 1 && !hasNext && !keepOnSinglePage) return null;
  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      {summary && (
        <p className="text-sm text-muted-foreground tabular-nums" aria-live={position ? undefined : 'polite'}>
          {summary}
        </p>
      )}
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
          <ChevronLeft aria-hidden /> Previous
        </Button>
        {position && (
          // sized for its wording, so the buttons do not move as the numbers change
          <span className={cn('text-center text-sm font-medium tabular-nums', pageCount ? 'min-w-24' : 'min-w-16')} aria-live="polite">
            {pageCount ? `Page ${page} of ${pageCount}` : `Page ${page}`}
          </span>
        )}
        <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={!hasNext || busy}>
          Next <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

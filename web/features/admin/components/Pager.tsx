import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * Previous / Next under a paged list, with where the visitor is. `total` when the server counts rows;
 * otherwise `hasNext` (a full page came back).
 */
export function Pager({
  label,
  page,
  pageSize,
  shown,
  total,
  hasNext,
  onPage,
  busy,
}: {
  label: string;
  page: number;
  pageSize: number;
  shown: number;
  total?: number;
  hasNext?: boolean;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  const from = shown ? (page - 1) * pageSize + 1 : 0;
  const to = (page - 1) * pageSize + shown;
  const next = total !== undefined ? to < total : !!hasNext;
  if (page === 1 && !next) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total !== undefined ? `${from.toLocaleString('en-GB')}–${to.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')}` : `Page ${page}`}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
          <ChevronLeft aria-hidden /> Previous
        </Button>
        <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={!next || busy}>
          Next <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

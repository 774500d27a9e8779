import { useState, type DragEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { LeadStatus } from '../../../../common/constants/options.ts';
import { STATUS_LABELS } from '../../../../common/rules/pipeline.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatGBP } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { STATUS_DOTS } from '../../leads/index.ts';

/** One column of the board: label, count and value, its cards, "+N more" when the server holds more. */
export function PipelineColumn({
  status,
  total,
  shown,
  valuePence,
  loading,
  dropEnabled,
  onDrop,
  children,
}: {
  status: LeadStatus;
  total: number;
  shown: number;
  valuePence: number;
  loading: boolean;
  /** A card from another column is being dragged: this column accepts it. */
  dropEnabled: boolean;
  onDrop: () => void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const headingId = `pipeline-col-${status}`;
  const more = total - shown;

  const dragOver = (e: DragEvent) => {
    if (!dropEnabled) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    if (!over) setOver(true);
  };
  const dragLeave = (e: DragEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (dropEnabled) onDrop();
  };

  return (
    <section
      aria-labelledby={headingId}
      onDragOver={dragOver}
      onDragLeave={dragLeave}
      onDrop={drop}
      className={cn(
        'flex min-w-0 snap-start flex-col rounded-xl border border-border bg-muted/60 transition-colors',
        dropEnabled && 'border-dashed border-ring/40',
        over && 'border-solid border-ring bg-primary-soft/70',
      )}
    >
      <header className="flex items-center justify-between gap-2 px-3 pb-2 pt-3">
        <h2 id={headingId} className="flex min-w-0 items-center gap-2 text-sm font-semibold">
          <span className={cn('size-2 shrink-0 rounded-full', STATUS_DOTS[status])} aria-hidden />
          <span className="truncate">{STATUS_LABELS[status]}</span>
        </h2>
        {loading ? (
          <Skeleton className="h-5 w-7 rounded-full" />
        ) : (
          <span className="rounded-full bg-card px-2 py-0.5 text-xs font-semibold tabular-nums shadow-xs" aria-label={`${total} leads`}>
            {total}
          </span>
        )}
      </header>
      <div className="px-3 pb-2 text-xs tabular-nums text-muted-foreground">
        {loading ? (
          <Skeleton className="h-3.5 w-16" />
        ) : (
          <>
            {formatGBP(valuePence / 100)}
            {more > 0 ? ` in the ${shown} shown` : ''}
          </>
        )}
      </div>
      <div className="flex max-h-[36rem] min-h-28 flex-1 flex-col gap-2 overflow-y-auto px-2 pb-2">
        {loading ? (
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-24 w-full shrink-0 rounded-lg bg-slate-200/70" />)
        ) : shown === 0 ? (
          <p
            className={cn(
              'flex flex-1 items-center justify-center rounded-lg border border-dashed border-border px-3 py-6 text-center text-xs text-muted-foreground',
              over && 'border-ring text-foreground',
            )}
          >
            {over ? `Drop to move to ${STATUS_LABELS[status]}` : 'No leads'}
          </p>
        ) : (
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" aria-labelledby={headingId}>
            {children}
          </ul>
        )}
        {!loading && more > 0 && (
          <Link
            to={`/leads?status=${encodeURIComponent(status)}`}
            className="shrink-0 rounded-lg px-2 py-1.5 text-center text-xs font-medium text-primary hover:bg-card hover:underline"
          >
            +{more.toLocaleString('en-GB')} more
          </Link>
        )}
      </div>
    </section>
  );
}

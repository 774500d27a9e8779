import { BarChart3, Download, Table2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { csvText, downloadCsv, type ChartTable } from '../lib/chart-data.ts';
import type { QueryLike } from '../lib/query-view.ts';
import { cn } from '../lib/utils.ts';
import { EmptyState, QueryState } from './query-state.tsx';
import { Button } from './ui/button.tsx';
import { Card } from './ui/card.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** What a chart shows once its data is in: the sentence read in its place, its table (and CSV), and the drawing. */
export interface ChartView {
  summary: string;
  table: ChartTable;
  chart: ReactNode;
}

/**
 * The frame of every chart: a title saying what it shows, the figure in one sentence for screen readers (also the
 * drawing's description), a "Show as table" toggle (a real table with caption and headers) and "Download CSV" of
 * exactly the rows shown. Loading, error and empty states come from the query, as everywhere else (QueryState).
 * `tableOnly` shows the table without a drawing (a list better read as rows).
 */
export function ChartCard<T>({
  title,
  description,
  query,
  what,
  isEmpty,
  emptyText,
  fileName,
  height = 260,
  tableOnly = false,
  className,
  footer,
  view,
}: {
  title: string;
  description?: string;
  query: QueryLike<T> & { error: unknown; refetch: () => unknown };
  /** The data as it reads after "Could not load". */
  what: string;
  isEmpty?: (data: T) => boolean;
  emptyText: string;
  fileName: string;
  /** The drawing's height in pixels; 0 lets it take its own (an HTML list). */
  height?: number;
  tableOnly?: boolean;
  className?: string;
  footer?: ReactNode;
  view: (data: T) => ChartView;
}) {
  const headingId = useId();
  return (
    <Card className={cn('flex min-w-0 flex-col p-4 sm:p-5', className)} aria-labelledby={headingId} role="region">
      <div className="mb-3">
        <h3 id={headingId} className="text-[15px] font-semibold leading-tight">
          {title}
        </h3>
        {description && <p className="mt-1 text-[13px] text-muted-foreground">{description}</p>}
      </div>
      <QueryState
        query={query}
        what={what}
        isEmpty={isEmpty}
        loading={<Skeleton role="status" aria-label={`Loading ${title.toLowerCase()}`} className="w-full" style={{ height: height || 160 }} />}
        empty={<EmptyState title={emptyText} icon={BarChart3} framed className="py-8" />}
        framed
      >
        {(data) => <ChartBody title={title} fileName={fileName} height={height} tableOnly={tableOnly} {...view(data)} />}
      </QueryState>
      {footer}
    </Card>
  );
}

function ChartBody({ title, fileName, height, tableOnly, summary, table, chart }: ChartView & { title: string; fileName: string; height: number; tableOnly: boolean }) {
  const [asTable, setAsTable] = useState(tableOnly);
  const summaryId = useId();
  return (
    <>
      <div className="mb-2 flex flex-wrap justify-end gap-2">
        {!tableOnly && (
          <Button variant="outline" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            <Table2 aria-hidden /> Show as table
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => downloadCsv(csvText(table), fileName)}>
          <Download aria-hidden /> Download CSV
        </Button>
      </div>
      <p id={summaryId} className="sr-only">
        {summary}
      </p>
      {asTable ? (
        <DataTable caption={title} table={table} />
      ) : (
        <div aria-describedby={summaryId} className="min-w-0 text-xs" style={height ? { height } : undefined}>
          {chart}
        </div>
      )}
    </>
  );
}

/** A chart's rows as a table: caption, column headers, the first cell of each row its header. */
export function DataTable({ caption, table }: { caption: string; table: ChartTable }) {
  return (
    // a table wider than the card scrolls inside it; the region takes focus so the keyboard can scroll it
    <div className="max-h-96 overflow-auto rounded-lg border border-border" role="region" aria-label={`${caption} (table)`} tabIndex={0}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-muted">
          <tr>
            {table.columns.map((c) => (
              <th key={c.key} scope="col" className={cn('whitespace-nowrap px-3 py-2 text-left text-xs font-semibold text-muted-foreground', c.numeric && 'text-right')}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i} className="border-t border-border">
              {table.columns.map((c, j) => {
                const value = row[c.key];
                const text = c.format ? c.format(value ?? null) : String(value ?? '');
                const cls = cn('px-3 py-2', c.numeric && 'text-right tabular-nums', j === 0 && 'whitespace-nowrap text-left font-medium');
                return j === 0 ? (
                  <th key={c.key} scope="row" className={cls}>
                    {text}
                  </th>
                ) : (
                  <td key={c.key} className={cls}>
                    {text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { ReactNode } from 'react';
import { cn } from '../lib/utils.ts';

/** One column of the wide table: its heading and what each row shows in it. */
export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes for this column's heading and cells (alignment, width, wrapping). */
  className?: string;
  /** Classes for the cells only. */
  cellClassName?: string;
}

/** From which width the table shows; below it, the list of cards. */
const SHOW_TABLE = { md: 'md:block', xl: 'xl:block' } as const;
const SHOW_CARDS = { md: 'md:hidden', xl: 'xl:hidden' } as const;

/** Column headings: quiet small capitals, or plain small text. */
const HEADINGS = {
  caps: 'whitespace-nowrap py-3 font-semibold uppercase tracking-wide',
  plain: 'py-2.5 font-medium',
} as const;

/**
 * A list of rows that is a table on wide screens (it scrolls sideways if it must) and a list of cards on phones,
 * where a table would need scrolling. The first column names its row (a row header); both forms carry the same
 * `caption` for assistive technology. `card` renders one row's card content.
 */
export function ResponsiveTable<T>({
  rows,
  rowKey,
  caption,
  columns,
  card,
  tableFrom = 'md',
  headings = 'plain',
  cellClassName = 'px-3',
  rowClassName = 'hover:bg-accent/50',
  tableClassName,
  frameClassName,
  cardClassName,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  caption: string;
  columns: ReadonlyArray<Column<T> | false>;
  card: (row: T) => ReactNode;
  tableFrom?: keyof typeof SHOW_TABLE;
  headings?: keyof typeof HEADINGS;
  /** Padding of every heading and cell. */
  cellClassName?: string;
  rowClassName?: string | ((row: T) => string | undefined);
  tableClassName?: string;
  /** The wide table's frame, e.g. to run it edge to edge in a card. */
  frameClassName?: string;
  cardClassName?: string;
}) {
  const shown = columns.filter((c): c is Column<T> => !!c);
  const [first, ...rest] = shown;
  const th = cn(HEADINGS[headings], cellClassName);
  const td = cn('py-2.5', headings === 'caps' && 'py-3 align-middle', cellClassName);
  return (
    <>
      <div className={cn('relative hidden overflow-x-auto rounded-lg border border-border', SHOW_TABLE[tableFrom], frameClassName)}>
        <table className={cn('w-full text-sm', tableClassName)}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
            <tr>
              {shown.map((c) => (
                <th key={c.key} scope="col" className={cn(th, c.className)}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((row) => (
              <tr key={rowKey(row)} className={typeof rowClassName === 'function' ? rowClassName(row) : rowClassName}>
                <th scope="row" className={cn(td, 'text-left font-normal', first.className, first.cellClassName)}>
                  {first.cell(row)}
                </th>
                {rest.map((c) => (
                  <td key={c.key} className={cn(td, c.className, c.cellClassName)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={cn('grid grid-cols-1 gap-3', SHOW_CARDS[tableFrom])} aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={cn('rounded-lg border border-border bg-card p-4', cardClassName)}>
            {card(row)}
          </li>
        ))}
      </ul>
    </>
  );
}

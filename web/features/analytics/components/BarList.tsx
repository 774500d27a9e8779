import { formatGBP } from '../../../lib/format.ts';

/**
 * A ranked list drawn as bars of plain HTML (no chart library): each row's name, its figure, and a bar as long as
 * its share of the first row's. Hidden from assistive technology, which reads the card's summary and table.
 */
export function BarList({ rows }: { rows: readonly { name: string; value: number; note: string }[] }) {
  const top = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ol aria-hidden className="grid gap-2.5">
      {rows.map((r) => (
        <li key={r.name} className="grid gap-1">
          <div className="flex items-baseline justify-between gap-3 text-[13px]">
            <span className="min-w-0 truncate font-medium">{r.name}</span>
            <span className="shrink-0 tabular-nums text-muted-foreground">
              {formatGBP(r.value)} · {r.note}
            </span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-muted">
            <div className="h-full rounded-full bg-blue-500" style={{ width: `${(r.value / top) * 100}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}

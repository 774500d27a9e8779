import type { PayoutLine, PayoutLineState } from '../../../../common/schemas/payouts.ts';
import { ResponsiveTable, type Column } from '../../../components/responsive-table.tsx';
import { formatGBP } from '../../../lib/format.ts';
import { methodText } from '../lib/payout-format.ts';

const NUMBER = 'whitespace-nowrap text-right tabular-nums';

/** The columns a state's lines need: held lines say why; carried-over and held lines have no payment reference yet worth showing. */
function columns(state: PayoutLineState): Column<PayoutLine>[] {
  const paying = state === 'payable' || state === 'paid' || state === 'failed';
  return [
    { key: 'name', header: 'Partner', cellClassName: 'whitespace-nowrap font-medium', cell: (l) => l.partner.name },
    ...(paying
      ? [
          { key: 'reference', header: 'Reference', cellClassName: 'whitespace-nowrap font-mono text-xs', cell: (l: PayoutLine) => l.reference },
          { key: 'method', header: 'Paid to', cellClassName: 'whitespace-nowrap', cell: (l: PayoutLine) => methodText(l.method, l.masked) },
        ]
      : []),
    ...(state === 'held' ? [{ key: 'reason', header: 'Why held', cellClassName: 'min-w-56', cell: (l: PayoutLine) => l.holdText ?? '—' }] : []),
    { key: 'count', header: 'Commissions', className: 'text-right', cellClassName: NUMBER, cell: (l) => l.commissionCount },
    { key: 'amount', header: 'Amount', className: 'text-right', cellClassName: `${NUMBER} font-semibold`, cell: (l) => formatGBP(l.amount, 2) },
  ];
}

function LineCard({ line, state }: { line: PayoutLine; state: PayoutLineState }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium">{line.partner.name}</p>
        <p className="font-semibold tabular-nums">{formatGBP(line.amount, 2)}</p>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        {line.commissionCount} {line.commissionCount === 1 ? 'commission' : 'commissions'}
        {state !== 'held' && state !== 'carried_over' ? ` · ${methodText(line.method, line.masked)}` : ''}
      </p>
      {state === 'held' && line.holdText && <p className="mt-1 text-sm">{line.holdText}</p>}
      {state !== 'held' && state !== 'carried_over' && <p className="mt-1 font-mono text-xs text-muted-foreground">{line.reference}</p>}
    </>
  );
}

/** One state's lines of a run: a table from md up, cards on phones. */
export function PayoutLinesTable({ rows, state, caption }: { rows: PayoutLine[]; state: PayoutLineState; caption: string }) {
  return <ResponsiveTable rows={rows} rowKey={(l) => l.id} caption={caption} columns={columns(state)} card={(l) => <LineCard line={l} state={state} />} />;
}

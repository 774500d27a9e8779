import { BadgeCheck } from 'lucide-react';
import { LEAD_TYPE_LABELS, type LeadType } from '../../../../common/constants/leads.ts';
import type { Commission } from '../../../../common/schemas/commission.ts';
import { CommissionStatusBadge } from '../../../components/commission-status-badge.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ResponsiveTable, type Column } from '../../../components/responsive-table.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, formatGBP } from '../../../lib/format.ts';
import { earnedOn } from '../../commissions/index.ts';
import { ratePercent } from '../lib/payout-format.ts';

/** What the table needs to pay a row: whether a payment is on its way (and for which row), and how to pay. */
interface PayState {
  payingId: string | null;
  busy: boolean;
  onPay: (c: Commission) => void;
}

/** "Mark paid" for a pending commission, after a confirmation that names the amount, the partner and the company. */
function PayButton({ c, pay }: { c: Commission; pay: PayState }) {
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline" disabled={pay.busy} aria-label={`Mark ${c.partnerName}'s commission for ${c.leadDetails.companyName} paid`}>
          {pay.payingId === c.id ? <Spinner className="size-4" label="Saving" /> : <BadgeCheck aria-hidden />}
          Mark paid
        </Button>
      }
      title="Mark this commission paid?"
      description={`${formatGBP(c.amount, 2)} to ${c.partnerName} for ${c.leadDetails.companyName}. Only confirm once the payment has been made; this is recorded in the audit log and cannot be undone here.`}
      confirm={
        <>
          <BadgeCheck className="size-4" aria-hidden /> Mark paid
        </>
      }
      onConfirm={() => pay.onPay(c)}
    />
  );
}

const NUMBER = 'whitespace-nowrap text-right tabular-nums';

function columns(pay: PayState): Column<Commission>[] {
  return [
    { key: 'partnerName', header: 'Partner', cellClassName: 'whitespace-nowrap font-medium', cell: (c) => c.partnerName },
    {
      key: 'company',
      header: 'Company',
      cellClassName: 'max-w-48',
      cell: (c) => (
        <>
          <p className="truncate" title={c.leadDetails.companyName}>
            {c.leadDetails.companyName}
          </p>
          <p className="truncate text-xs text-muted-foreground">{earnedOn(c) ?? LEAD_TYPE_LABELS[c.leadDetails.leadType as LeadType] ?? c.leadDetails.leadType}</p>
        </>
      ),
    },
    { key: 'value', header: 'Value', className: 'text-right', cellClassName: NUMBER, cell: (c) => formatGBP(c.basis) },
    { key: 'rate', header: 'Rate', className: 'text-right', cellClassName: NUMBER, cell: (c) => ratePercent(c.rate) },
    { key: 'amount', header: 'Amount', className: 'text-right', cellClassName: `${NUMBER} font-semibold`, cell: (c) => formatGBP(c.amount, 2) },
    { key: 'status', header: 'Status', cell: (c) => <CommissionStatusBadge status={c.status} /> },
    { key: 'created', header: 'Created', cellClassName: 'whitespace-nowrap tabular-nums', cell: (c) => formatDate(c.createdAt) },
    // a pending row offers the payment where its date will go
    {
      key: 'paid',
      header: 'Paid',
      cellClassName: 'whitespace-nowrap py-2 tabular-nums',
      cell: (c) => (c.can.markPaid ? <PayButton c={c} pay={pay} /> : formatDate(c.paidAt)),
    },
  ];
}

/** A commission on a phone: partner, company and status, the figures in three columns, "Mark paid" when it may be paid. */
function PayoutCard({ c, pay }: { c: Commission; pay: PayState }) {
  const figures = [
    { label: 'Value', value: formatGBP(c.basis), className: 'tabular-nums' },
    { label: 'Rate', value: ratePercent(c.rate), className: 'tabular-nums' },
    { label: 'Amount', value: formatGBP(c.amount, 2), className: 'font-semibold tabular-nums' },
    { label: 'Created', value: formatDate(c.createdAt), className: 'tabular-nums' },
    { label: 'Paid', value: formatDate(c.paidAt), className: 'tabular-nums' },
  ];
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium">{c.partnerName}</p>
          <p className="truncate text-sm text-muted-foreground">
            {c.leadDetails.companyName}
            {earnedOn(c) ? ` · ${earnedOn(c)}` : ''}
          </p>
        </div>
        <CommissionStatusBadge status={c.status} />
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        {figures.map((f) => (
          <div key={f.label}>
            <dt className="text-xs text-muted-foreground">{f.label}</dt>
            <dd className={f.className}>{f.value}</dd>
          </div>
        ))}
      </dl>
      {c.can.markPaid && (
        <div className="mt-3">
          <PayButton c={c} pay={pay} />
        </div>
      )}
    </>
  );
}

/** A page of the payout run: a table from md up, cards on phones. */
export function PayoutTable({ rows, pay }: { rows: Commission[]; pay: PayState }) {
  return <ResponsiveTable rows={rows} rowKey={(c) => c.id} caption="Commissions" columns={columns(pay)} card={(c) => <PayoutCard c={c} pay={pay} />} />;
}

import type { NotificationTemplates } from '../notification-types.ts';

/** An amount of pence as a member reads it in a message: £1,234.50 (pence shown only when there are some). */
function pounds(pence: number): string {
  const whole = pence % 100 === 0;
  return `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

const dayText = (ymd: string) => new Date(`${ymd}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A partner's payout in a run that was marked paid. */
export interface PayoutPaid {
  amountPence: number;
  /** The payment reference on their statement and bank statement (CP0007-0042). */
  reference: string;
  /** YYYY-MM-DD: the day the money left. */
  valueDate: string;
  commissionCount: number;
}

/** What payout runs tell partners, one template per notification kind they send. */
export const payoutsNotifications = {
  /** To the partner: a payout run paid them; the e-mail carries their remittance statement. */
  payout_paid: (p: PayoutPaid) => ({
    title: `Payout sent: ${pounds(p.amountPence)}`,
    message:
      `Your payout of ${pounds(p.amountPence)} for ${p.commissionCount} commission${p.commissionCount === 1 ? '' : 's'} was sent on ${dayText(p.valueDate)}, reference ${p.reference}. Your remittance statement is in Commission Tracker → Payouts.`.slice(
        0,
        300,
      ),
    actionUrl: '/commissions?tab=payouts',
  }),
} satisfies NotificationTemplates;

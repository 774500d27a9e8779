import type { NotificationTemplates } from '../notification-types.ts';

/** An amount of pence as a member reads it in a message: £1,234.50 (pence shown only when there are some). */
function pounds(pence: number): string {
  const whole = pence % 100 === 0;
  return `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/**
 * A commission written for a partner: on a lead won (its estimate at a rate), or on a week of a placement's time
 * (approved, corrected, or carried after a correction to another week); a correction down takes money off.
 */
export type CommissionEarned =
  | { source: 'won_lead'; companyName: string; amountPence: number; rate: number }
  | { source: 'time'; what: string; companyName: string; weekStarting: string; amountPence: number };

const weekText = (ymd: string) => new Date(`${ymd}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** What this feature tells members, one template per notification kind it sends. */
export const commissionsNotifications = {
  /** To the partner: a commission is pending (high priority when a lead was won), or time was corrected down and comes off their payout. */
  commission_earned: (c: CommissionEarned) => {
    if (c.source === 'won_lead') {
      return {
        title: `Commission earned: ${pounds(c.amountPence)}`,
        message:
          `${c.companyName} closed won: your commission of ${pounds(c.amountPence)} (${(c.rate * 100).toFixed(1).replace(/\.0$/, '')}%) is pending and will be paid with the next monthly payout.`.slice(
            0,
            300,
          ),
        actionUrl: '/commissions',
        priority: 'high' as const,
      };
    }
    const week = weekText(c.weekStarting);
    if (c.amountPence < 0) {
      return {
        title: `Commission corrected: −${pounds(-c.amountPence)}`,
        message: `Time at ${c.companyName} (week of ${week}) was corrected down: ${pounds(-c.amountPence)} comes off your next monthly payout.`.slice(0, 300),
        actionUrl: '/commissions',
      };
    }
    return {
      title: `Commission earned: ${pounds(c.amountPence)}`,
      message:
        `${c.what} at ${c.companyName} (week of ${week}): your commission of ${pounds(c.amountPence)} is pending and will be paid with the next monthly payout.`.slice(
          0,
          300,
        ),
      actionUrl: '/commissions',
    };
  },

  /** To the partner: their commission was paid. */
  commission_paid: (c: { amountPence: number; companyName: string | null }) => ({
    title: `Commission paid: ${pounds(c.amountPence)}`,
    message: `Your commission of ${pounds(c.amountPence)} for ${c.companyName ?? 'your referral'} has been paid.`.slice(0, 300),
    actionUrl: '/commissions',
  }),
} satisfies NotificationTemplates;

import type { PayoutDetails, PayoutMethod } from '../../common/schemas/payouts.ts';
import type { payoutDetails } from '../db/schema/index.ts';
import type { PayoutAccount } from '../lib/payout-account.ts';
import { iso } from './wire.ts';

/**
 * Payout details as their owner sees them: the method, the name on the account, the mask, VAT, and any hold.
 * Never the sort code, account number, IBAN, BIC or PayPal address themselves.
 */
export function presentPayoutDetails(row: typeof payoutDetails.$inferSelect, account: PayoutAccount | null, heldUntil: Date | null): PayoutDetails {
  return {
    method: row.method as PayoutMethod,
    accountName: account?.method === 'bank' ? account.accountName : null,
    masked: row.masked,
    vatRegistered: row.vatRegistered,
    vatNumber: row.vatNumber,
    updatedAt: iso(row.updatedAt),
    heldUntil: iso(heldUntil),
  };
}

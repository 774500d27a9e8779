import { openSecret, sealSecret } from './secret-box.ts';

/** What the sealed payout details hold: the account the money goes to, by method. */
export type PayoutAccount =
  | { method: 'bank'; accountName: string; sortCode: string; accountNumber: string }
  | { method: 'bank'; accountName: string; iban: string; bic: string }
  | { method: 'paypal'; paypalEmail: string };

/** The associated data payout details are sealed under: a value sealed for another purpose never opens as one. */
const PURPOSE = 'payout-details';

/** Seals payout details for storage with the payout key (AES-256-GCM, see `secret-box.ts`). */
export function sealPayoutAccount(payoutKey: string, account: PayoutAccount): string {
  return sealSecret(payoutKey, PURPOSE, JSON.stringify(account));
}

/** Opens what `sealPayoutAccount` stored; throws when it was altered or sealed with another key. */
export function openPayoutAccount(payoutKey: string, sealed: string): PayoutAccount {
  return JSON.parse(openSecret(payoutKey, PURPOSE, sealed)) as PayoutAccount;
}

/**
 * The account as screens, statements and lists show it: the last four digits of an account number or IBAN
 * ("•••• 5678"), a PayPal address with its local part hidden after the first letter ("j•••@example.com").
 */
export function maskPayoutAccount(account: PayoutAccount): string {
  if (account.method === 'paypal') {
    const [local, domain] = account.paypalEmail.split('@');
    return `${local.slice(0, 1)}•••@${domain}`;
  }
  const digits = 'iban' in account ? account.iban.replace(/\s/g, '') : account.accountNumber;
  return `•••• ${digits.slice(-4)}`;
}

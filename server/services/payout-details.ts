import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../common/errors.ts';
import { PAYOUT_DETAILS_HOLD_DAYS, type PayoutDetails, type PayoutMethod, type payoutDetailsInputSchema } from '../../common/schemas/payouts.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { payoutDetails } from '../db/schema/index.ts';
import { accountNumberDigits, bicElectronic, checkIbanAndBic, checkUkAccount, ibanElectronic, sortCodeDigits, type BankAccountIssue } from '../lib/bank-account.ts';
import { maskPayoutAccount, openPayoutAccount, sealPayoutAccount, type PayoutAccount } from '../lib/payout-account.ts';
import type { Mailer } from '../plugins/mailer.ts';
import type { UserRow } from '../plugins/session.ts';
import { presentPayoutDetails } from '../presenters/payout-details.ts';
import { recordAudit } from './audit.ts';

export type PayoutDetailsSave = z.output<typeof payoutDetailsInputSchema>;

export interface PayoutDetailsDeps {
  db: Db;
  config: Pick<Config, 'payoutKey' | 'brandName' | 'supportEmail'>;
  mailer: Mailer;
  now: () => Date;
}

const DAY_MS = 86_400_000;

/** Until when a payout run holds a partner who replaced their details (null when that time has passed or never came). */
export function heldUntil(changedAt: Date | null, now: Date): Date | null {
  if (!changedAt) return null;
  const until = new Date(changedAt.getTime() + PAYOUT_DETAILS_HOLD_DAYS * DAY_MS);
  return until > now ? until : null;
}

/** The account the form describes, in the form banks exchange it (digits only, IBAN and BIC in capitals without spaces). */
function accountOf(input: PayoutDetailsSave): PayoutAccount {
  if (input.method === 'paypal') return { method: 'paypal', paypalEmail: input.paypalEmail! };
  const accountName = input.accountName!;
  if (input.sortCode || input.accountNumber)
    return { method: 'bank', accountName, sortCode: sortCodeDigits(input.sortCode!), accountNumber: accountNumberDigits(input.accountNumber!) };
  return { method: 'bank', accountName, iban: ibanElectronic(input.iban!), bic: bicElectronic(input.bic!) };
}

/** The bank's own checks of an account (the modulus check, the IBAN's check digits), answered as the form's issue. */
function bankIssue(account: PayoutAccount): BankAccountIssue | null {
  if (account.method === 'paypal') return null;
  return 'iban' in account ? checkIbanAndBic(account.iban, account.bic) : checkUkAccount(account.sortCode, account.accountNumber);
}

const sameAccount = (a: PayoutAccount, b: PayoutAccount) => JSON.stringify(a) === JSON.stringify(b);

/** Opens stored details; details sealed under a key since replaced cannot be read, and count as no account. */
function openOrNull(payoutKey: string, sealed: string): PayoutAccount | null {
  try {
    return openPayoutAccount(payoutKey, sealed);
  } catch {
    return null;
  }
}

type PayoutDetailsRow = typeof payoutDetails.$inferSelect;

function answer(deps: PayoutDetailsDeps, row: PayoutDetailsRow | undefined): { details: PayoutDetails | null } {
  if (!row) return { details: null };
  const account = openOrNull(deps.config.payoutKey, row.sealed);
  return { details: presentPayoutDetails(row, account, heldUntil(row.changedAt, deps.now())) };
}

/** The member's own payout details, masked. */
export async function getPayoutDetails(deps: PayoutDetailsDeps, user: UserRow): Promise<{ details: PayoutDetails | null }> {
  const [row] = await deps.db.select().from(payoutDetails).where(eq(payoutDetails.userId, user.id)).limit(1);
  return answer(deps, row);
}

/**
 * Saves the member's payout details: checked as the bank would check them, sealed with the payout key, shown only
 * masked. Replacing an account the member already had sets `changedAt`, which holds them out of payout runs for
 * seven days (whoever took over a session must not redirect the next payout unseen); first details are payable at
 * once, and a change of VAT registration alone does not hold anyone. A change is audited (method, mask and VAT
 * registration: never the account) and e-mailed to the member's verified address.
 */
export async function savePayoutDetails(deps: PayoutDetailsDeps, user: UserRow, input: PayoutDetailsSave): Promise<{ details: PayoutDetails | null }> {
  const account = accountOf(input);
  const issue = bankIssue(account);
  if (issue) throw new AppError('validation_failed', issue.message, { issues: [issue] });
  const now = deps.now();
  const masked = maskPayoutAccount(account);
  const vatNumber = input.vatRegistered ? input.vatNumber!.replace(/\s/g, '').toUpperCase() : null;

  const saved = await deps.db.transaction(async (tx) => {
    // two saves of one member's details are taken in turn, so the second sees the first as the details it replaces
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-details:${user.id}`}))`);
    const [before] = await tx.select().from(payoutDetails).where(eq(payoutDetails.userId, user.id)).limit(1);
    const previous = before ? openOrNull(deps.config.payoutKey, before.sealed) : null;
    const accountChanged = !before || !previous || !sameAccount(previous, account);
    const vatChanged = !before || before.vatRegistered !== input.vatRegistered || before.vatNumber !== vatNumber;
    if (!accountChanged && !vatChanged) return { row: before!, change: null };
    const values = {
      method: account.method,
      sealed: accountChanged ? sealPayoutAccount(deps.config.payoutKey, account) : before!.sealed,
      masked,
      vatRegistered: input.vatRegistered,
      vatNumber,
      updatedAt: now,
      // only replacing an account holds payouts; first details and VAT changes do not
      changedAt: before && accountChanged ? now : (before?.changedAt ?? null),
    };
    const [row] = before
      ? await tx.update(payoutDetails).set(values).where(eq(payoutDetails.userId, user.id)).returning()
      : await tx
          .insert(payoutDetails)
          .values({ userId: user.id, createdAt: now, ...values })
          .returning();
    const shown = (r: { method: string; masked: string; vatRegistered: boolean }) => ({ method: r.method, masked: r.masked, vatRegistered: r.vatRegistered });
    await recordAudit(tx, {
      actorId: user.id,
      action: 'payout_details.update',
      entityType: 'payout_details',
      entityId: user.id,
      before: before ? shown(before) : null,
      after: shown(row),
      at: now,
    });
    return { row, change: before ? ('changed' as const) : ('added' as const) };
  });
  if (saved.change) await sendPayoutDetailsNotice(deps, user, saved.change, saved.row);
  return answer(deps, saved.row);
}

const METHOD_WORDS: Record<PayoutMethod, string> = { bank: 'bank transfer', paypal: 'PayPal' };

/**
 * Tells the member their payout details were added or changed, so a member whose session was taken over hears of
 * it before any money moves. Only to an address the account has proved (an unverified one may be the intruder's);
 * it names the account only masked. Never throws (the mailer records a failure).
 */
async function sendPayoutDetailsNotice(deps: PayoutDetailsDeps, user: UserRow, change: 'added' | 'changed', row: PayoutDetailsRow): Promise<void> {
  if (!user.emailVerifiedAt) return;
  const { brandName, supportEmail } = deps.config;
  const held = heldUntil(row.changedAt, deps.now());
  const what =
    change === 'added'
      ? `Payout details were added to your ${brandName} account: commission will be paid by ${METHOD_WORDS[row.method as PayoutMethod]} to ${row.masked}.`
      : `The payout details of your ${brandName} account were changed: commission will now be paid by ${METHOD_WORDS[row.method as PayoutMethod]} to ${row.masked}.`;
  const hold = held
    ? ` To protect you, payouts are held until ${held.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })}.`
    : '';
  await deps.mailer.send({
    to: user.email,
    subject: `Your ${brandName} payout details were ${change}`,
    text: `Dear ${user.firstName},\n\n${what}${hold} If you made this change, there is nothing more to do. If you did not, please tell us at once at ${supportEmail} and change your password.\n\nKind regards,\nThe ${brandName} membership team`,
  });
}

/** What a payout run needs of a partner's payout details: the method, the sealed account, its mask, and when first given and last replaced. */
export interface PartnerPayoutDetails {
  method: PayoutMethod;
  sealed: string;
  masked: string;
  createdAt: Date;
  changedAt: Date | null;
}

/** The payout details of these partners, by partner id; a partner without details is not in the map. */
export async function payoutDetailsOf(db: Db | Tx, partnerIds: string[]): Promise<Map<string, PartnerPayoutDetails>> {
  const found = new Map<string, PartnerPayoutDetails>();
  // in slices, so a run of many partners stays within the bound parameters a statement may have
  for (let i = 0; i < partnerIds.length; i += PARTNERS_PER_READ) await readSlice(db, partnerIds.slice(i, i + PARTNERS_PER_READ), found);
  return found;
}

const PARTNERS_PER_READ = 5_000;

async function readSlice(db: Db | Tx, partnerIds: string[], found: Map<string, PartnerPayoutDetails>) {
  const rows = await db
    .select({
      userId: payoutDetails.userId,
      method: payoutDetails.method,
      sealed: payoutDetails.sealed,
      masked: payoutDetails.masked,
      createdAt: payoutDetails.createdAt,
      changedAt: payoutDetails.changedAt,
    })
    .from(payoutDetails)
    .where(inArray(payoutDetails.userId, partnerIds));
  for (const r of rows) found.set(r.userId, { method: r.method as PayoutMethod, sealed: r.sealed, masked: r.masked, createdAt: r.createdAt, changedAt: r.changedAt });
}

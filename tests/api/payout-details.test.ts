import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataExportSchema } from '../../common/schemas/account.ts';
import { payoutDetailsAnswerSchema } from '../../common/schemas/payouts.ts';
import { auditLog, payoutDetails } from '../../server/db/schema/index.ts';
import { BIC_FORMAT, IBAN_CHECK_DIGITS, SORT_CODE_MISMATCH } from '../../server/lib/bank-account.ts';
import { openPayoutAccount } from '../../server/lib/payout-account.ts';
import { payoutDetailsOf } from '../../server/services/payout-details.ts';
import { settled } from '../helpers/account-privacy.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { expectError } from '../helpers/http.ts';
import { confirmIdentity } from '../helpers/reauth.ts';

/**
 * Profile Settings → Payout details: the member's own account for commission, checked as the bank checks it,
 * stored sealed and answered masked, replaced only after a fresh confirmation of identity, audited without the
 * account and told to the member by e-mail; a replacement holds payouts for seven days.
 */

const DAY = 86_400_000;
let ctx: TestContext;
beforeAll(async () => {
  // sessions outlive the week a replacement holds payouts, which the tests step through
  ctx = await createTestApp({ config: { session: { idleMs: 30 * DAY, absoluteMs: 30 * DAY, cacheMs: 0 } } });
});
afterAll(async () => {
  await ctx?.close();
});

// a pair from Vocalink's worked examples: it passes the modulus check; the next account number does not
const UK = { method: 'bank', accountName: 'Remy Partner', sortCode: '08-99-99', accountNumber: '66374958' } as const;
const IBAN = { method: 'bank', accountName: 'Remy Partner', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' } as const;
const PAYPAL = { method: 'paypal', paypalEmail: 'remy.partner@example.com' } as const;

/** A member who has just confirmed their identity, as the form's confirm dialog does. */
async function confirmedMember(o: Parameters<typeof makeSignedIn>[1] = {}): Promise<SignedIn> {
  const who = await makeSignedIn(ctx, { emailVerifiedAt: new Date(), ...o });
  await confirmIdentity(ctx.app, who.cookie, who.user.plainPassword);
  return who;
}

const rowOf = async (userId: string) => (await ctx.db.select().from(payoutDetails).where(eq(payoutDetails.userId, userId)))[0];
const auditOf = (userId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'payout_details'), eq(auditLog.entityId, userId)))
    .orderBy(auditLog.createdAt);
const mailsTo = (email: string) => ctx.mailer.sent.filter((m) => m.to === email && /payout details/.test(m.subject));

describe('who may read and change payout details', () => {
  it('answers 401 signed out, before looking at the body', async () => {
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/payout-details' }), 401, 'unauthorized');
    expectError(await ctx.app.inject({ method: 'PUT', url: '/api/payout-details', payload: UK }), 401, 'unauthorized');
    expectError(await ctx.app.inject({ method: 'PUT', url: '/api/payout-details', payload: {} }), 401, 'unauthorized');
  });

  it('refuses an applicant not yet approved (403)', async () => {
    const applicant = await makeSignedIn(ctx, { accountStatus: 'pending' });
    expectError(await applicant.api.get('/api/payout-details'), 403, 'forbidden');
  });

  it('refuses a change without a fresh confirmation of identity (403 reauthentication_required), storing nothing', async () => {
    const who = await makeSignedIn(ctx, { emailVerifiedAt: new Date() });
    expectError(await who.api.put('/api/payout-details', { body: UK }), 403, 'reauthentication_required');
    expect(await rowOf(who.user.id)).toBeUndefined();
    expect(mailsTo(who.user.email)).toEqual([]);
  });

  it('refuses a change sent from another site, even confirmed (403), storing nothing', async () => {
    const who = await confirmedMember();
    expectError(await who.api.put('/api/payout-details', { body: UK, headers: { 'sec-fetch-site': 'cross-site' } }), 403, 'forbidden');
    expectError(await who.api.put('/api/payout-details', { body: UK, headers: { origin: 'https://evil.example' } }), 403, 'forbidden');
    expect(await rowOf(who.user.id)).toBeUndefined();
  });

  it('is always the actor’s own: another member reads their own (none), never someone else’s', async () => {
    const owner = await confirmedMember();
    await owner.api.putOk(payoutDetailsAnswerSchema, '/api/payout-details', { body: UK });
    const other = await confirmedMember();
    expect(await other.api.getOk(payoutDetailsAnswerSchema, '/api/payout-details')).toEqual({ details: null });
    // the route takes no id: a query or body naming the owner changes nothing about whose details are read
    expect(await other.api.getOk(payoutDetailsAnswerSchema, '/api/payout-details', { query: { userId: owner.user.id } })).toEqual({ details: null });
    const admin = await confirmedMember({ role: 'admin' });
    expect(await admin.api.getOk(payoutDetailsAnswerSchema, '/api/payout-details')).toEqual({ details: null });
    expect((await rowOf(owner.user.id)).masked).toBe('•••• 4958');
  });
});

describe('checking the account', () => {
  let who: SignedIn;
  beforeAll(async () => {
    who = await confirmedMember();
  });

  it('refuses a sort code and account number that fail the modulus check, on the account number field', async () => {
    const err = expectError(await who.api.put('/api/payout-details', { body: { ...UK, accountNumber: '66374959' } }), 400, 'validation_failed');
    expect(err.issues).toEqual([{ path: 'accountNumber', message: SORT_CODE_MISMATCH }]);
    expect(await rowOf(who.user.id)).toBeUndefined();
  });

  it('refuses a sort code or account number of the wrong shape with the shared schema’s message', async () => {
    const err = expectError(await who.api.put('/api/payout-details', { body: { ...UK, sortCode: '12-34', accountNumber: '123' } }), 400, 'validation_failed');
    expect(err.issues).toEqual(
      expect.arrayContaining([
        { path: 'sortCode', message: 'Enter a sort code of 6 digits, like 12-34-56' },
        { path: 'accountNumber', message: 'Enter an account number of 8 digits' },
      ]),
    );
  });

  it('refuses a mistyped IBAN on the IBAN field, and a malformed BIC on the BIC field', async () => {
    const iban = expectError(await who.api.put('/api/payout-details', { body: { ...IBAN, iban: 'DE89370400440532013001' } }), 400, 'validation_failed');
    expect(iban.issues).toEqual([{ path: 'iban', message: IBAN_CHECK_DIGITS }]);
    const bic = expectError(await who.api.put('/api/payout-details', { body: { ...IBAN, bic: 'COBA1' } }), 400, 'validation_failed');
    expect(bic.issues).toEqual([{ path: 'bic', message: BIC_FORMAT }]);
    expect(await rowOf(who.user.id)).toBeUndefined();
  });

  it('needs the name on a bank account, a PayPal address for PayPal, and the VAT number when VAT registered', async () => {
    const name = expectError(await who.api.put('/api/payout-details', { body: { ...UK, accountName: '' } }), 400, 'validation_failed');
    expect(name.issues).toEqual([{ path: 'accountName', message: 'Enter the name on the account' }]);
    const paypal = expectError(await who.api.put('/api/payout-details', { body: { method: 'paypal', paypalEmail: 'not-an-address' } }), 400, 'validation_failed');
    expect(paypal.issues).toEqual([{ path: 'paypalEmail', message: 'Enter the e-mail address of your PayPal account' }]);
    const vat = expectError(await who.api.put('/api/payout-details', { body: { ...UK, vatRegistered: true } }), 400, 'validation_failed');
    expect(vat.issues).toEqual([{ path: 'vatNumber', message: 'Enter your VAT number' }]);
    expect(await rowOf(who.user.id)).toBeUndefined();
  });
});

describe('saving payout details', () => {
  it('stores a UK account sealed, answers it masked, audits it without the number and e-mails the member', async () => {
    const who = await confirmedMember();
    const saved = await who.api.putOk(payoutDetailsAnswerSchema, '/api/payout-details', { body: { ...UK, vatRegistered: true, vatNumber: 'GB 123 4567 89' } });
    expect(saved.details).toEqual({
      method: 'bank',
      accountName: 'Remy Partner',
      masked: '•••• 4958',
      vatRegistered: true,
      vatNumber: 'GB123456789',
      updatedAt: ctx.clock.now().toISOString(),
      heldUntil: null,
    });
    expect(await who.api.getOk(payoutDetailsAnswerSchema, '/api/payout-details')).toEqual(saved);

    const row = await rowOf(who.user.id);
    // the raw row holds neither the account number nor the sort code, in any spelling; only the sealed copy opens to them
    expect(JSON.stringify(row)).not.toMatch(/66374958|089999|08-99-99/);
    expect(row.changedAt).toBeNull();
    expect(openPayoutAccount(ctx.config.payoutKey, row.sealed)).toEqual({ method: 'bank', accountName: 'Remy Partner', sortCode: '089999', accountNumber: '66374958' });

    const [entry] = await auditOf(who.user.id);
    expect(entry).toMatchObject({
      actorId: who.user.id,
      action: 'payout_details.update',
      before: null,
      after: { method: 'bank', masked: '•••• 4958', vatRegistered: true },
    });
    expect(JSON.stringify(entry)).not.toMatch(/66374958|089999/);

    const [mail] = mailsTo(who.user.email);
    expect(mail.subject).toMatch(/payout details were added/);
    expect(mail.text).toContain('•••• 4958');
    expect(mail.text).toContain(ctx.config.supportEmail);
    expect(mail.text).not.toMatch(/66374958|089999/);
  });

  it('holds payouts for seven days after existing details are replaced, not after the first', async () => {
    const who = await confirmedMember();
    await who.api.putOk(payoutDetailsAnswerSchema, '/api/payout-details', { body: UK });
    ctx.clock.advance(DAY);
    await confirmIdentity(ctx.app, who.cookie, who.user.plainPassword);
    const replaced = await who.api.putOk(payoutDetailsAnswerSchema, '/api/payout-details', { body: IBAN });
    const changedAt = ctx.clock.now();
    const until = new Date(changedAt.getTime() + 7 * DAY).toISOString();
    expect(replaced.details).toMatchObject({ method: 'bank', masked: '•••• 3000', heldUntil: until });

    const row = await rowOf(who.user.id);
    expect(row.changedAt?.toISOString()).toBe(changedAt.toISOString());
    expect(JSON.stringify(row)).not.toMatch(/DE89|370400440532013000|COBADEFF/);

    const entries = await auditOf(who.user.id);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ before: { method: 'bank', masked: '•••• 4958', vatRegistered: false }, after: { method: 'bank', masked: '•••• 3000' } });
    expect(JSON.stringify(entries)).not.toMatch(/66374958|DE89/);

    const mails = mailsTo(who.user.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/were added/), expect.stringMatching(/were changed/)]);
    expect(mails[1].text).toMatch(/held until/);

    // a week on, the hold is over
    ctx.clock.advance(7 * DAY);
    expect((await who.api.getOk(payoutDetailsAnswerSchema, '/api/payout-details')).details?.heldUntil).toBeNull();
  });

  it('does not hold, audit or e-mail when the same account is sent again; a VAT change alone is audited but holds nothing', async () => {
    const who = await confirmedMember();
    await who.api.putOk(payoutDetailsAnswerSchema, '/api/payout-details', { body: UK });
    // the same account in another spelling
    await who.api.putOk(payoutDetailsAnswerSchema, '/api/payout-details', { body: { ...UK, sortCode: '089999' } });
    expect(await auditOf(who.user.id)).toHaveLength(1);
    expect(mailsTo(who.user.email)).toHaveLength(1);
    const vat = await who.api.putOk(payoutDetailsAnswerSchema, '/api/payout-details', { body: { ...UK, vatRegistered: true, vatNumber: 'GB999999973' } });
    expect(vat.details).toMatchObject({ vatRegistered: true, vatNumber: 'GB999999973', heldUntil: null });
    expect((await rowOf(who.user.id)).changedAt).toBeNull();
    expect(await auditOf(who.user.id)).toHaveLength(2);
  });

  it('stores PayPal with its address masked and no account name', async () => {
    const who = await confirmedMember();
    const saved = await who.api.putOk(payoutDetailsAnswerSchema, '/api/payout-details', { body: PAYPAL });
    expect(saved.details).toMatchObject({ method: 'paypal', accountName: null, masked: 'r•••@example.com', vatRegistered: false, vatNumber: null });
    expect(JSON.stringify(await rowOf(who.user.id))).not.toContain('remy.partner');
    expect(JSON.stringify(saved)).not.toContain('remy.partner');
  });

  it('never e-mails an address the account has not verified (it may be an intruder’s)', async () => {
    const who = await makeSignedIn(ctx);
    await confirmIdentity(ctx.app, who.cookie, who.user.plainPassword);
    await who.api.putOk(payoutDetailsAnswerSchema, '/api/payout-details', { body: UK });
    expect(mailsTo(who.user.email)).toEqual([]);
    expect(await auditOf(who.user.id)).toHaveLength(1);
  });

  it('answers a payout run the details of the partners asked for, by id', async () => {
    const a = await confirmedMember();
    const b = await confirmedMember();
    await a.api.putOk(payoutDetailsAnswerSchema, '/api/payout-details', { body: PAYPAL });
    const found = await payoutDetailsOf(ctx.db, [a.user.id, b.user.id]);
    expect([...found.keys()]).toEqual([a.user.id]);
    expect(found.get(a.user.id)).toMatchObject({ method: 'paypal', masked: 'r•••@example.com', changedAt: null });
    expect(openPayoutAccount(ctx.config.payoutKey, found.get(a.user.id)!.sealed)).toEqual({ method: 'paypal', paypalEmail: PAYPAL.paypalEmail });
    expect((await payoutDetailsOf(ctx.db, [])).size).toBe(0);
  });
});

describe('the member’s data export', () => {
  it('holds their payout details masked, never the account number or sort code', async () => {
    const who = await confirmedMember();
    await who.api.putOk(payoutDetailsAnswerSchema, '/api/payout-details', { body: { ...UK, vatRegistered: true, vatNumber: 'GB123456789' } });
    const started = await who.api.postOk(dataExportSchema, '/api/data-exports', { status: 202 });
    const ready = await settled(who, started.id);
    const zip = unzipSync(new Uint8Array((await who.api.get(ready.downloadUrl!)).rawPayload));
    const exported = JSON.parse(strFromU8(zip['payout-details.json']));
    expect(exported).toEqual({
      details: expect.objectContaining({ method: 'bank', account: '•••• 4958', vatRegistered: true, vatNumber: 'GB123456789', changedAt: null }),
      payouts: [],
    });
    const everything = Object.values(zip)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    expect(everything).not.toMatch(/66374958|089999/);
  });
});

describe('the log', () => {
  const lines: string[] = [];
  let logged: TestContext;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    logged = await createTestApp({ logger: { level: 'trace', stream } });
  });
  afterAll(async () => {
    await logged?.close();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('never holds an account number, sort code, IBAN or PayPal address sent in a body, accepted or refused', async () => {
    const who = await makeSignedIn(logged, { emailVerifiedAt: new Date() });
    // refused before confirmation, then refused by the modulus check, then accepted
    await who.api.put('/api/payout-details', { body: UK });
    await confirmIdentity(logged.app, who.cookie, who.user.plainPassword);
    expect((await who.api.put('/api/payout-details', { body: { ...UK, accountNumber: '66374959' } })).statusCode).toBe(400);
    expect((await who.api.put('/api/payout-details', { body: { ...IBAN, iban: 'DE89370400440532013001' } })).statusCode).toBe(400);
    expect((await who.api.put('/api/payout-details', { body: UK })).statusCode).toBe(200);
    expect((await who.api.put('/api/payout-details', { body: PAYPAL })).statusCode).toBe(200);
    // the log's own numbers (times, durations, the process id) are left out: a response time such as 15.640899997 holds
    // the sort code's digits by chance
    const log = lines.join('').replace(/"(time|responseTime|pid)":[\d.e+-]+/g, '');
    expect(log).toContain('/api/payout-details');
    expect(log).not.toMatch(/6637495[89]|089999|08-99-99|DE89|370400440532013|COBADEFF|remy\.partner/);
  });
});

import { describe, expect, it } from 'vitest';
import { convert } from 'xmlbuilder2';
import { pain001Errors } from '../../../tests/helpers/iso20022.ts';
import { bankText, buildPain001, paymentDay, type Pain001Input } from './pain001.ts';

const input = (over: Partial<Pain001Input> = {}): Pain001Input => ({
  runReference: 'CP0007',
  createdAt: new Date('2026-11-02T10:15:30Z'),
  executionDate: '2026-11-16',
  debtor: { name: 'Chief Partners Ltd', sortCode: '200000', accountNumber: '55779911' },
  transfers: [
    { reference: 'CP0007-0001', amountPence: 12_345, account: { accountName: 'Priya Shah', sortCode: '08-99-99', accountNumber: '66374958' } },
    { reference: 'CP0007-0002', amountPence: 5_000, account: { accountName: 'Jörg Müller & Söhne <GmbH>', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' } },
    { reference: 'CP0007-0003', amountPence: 100_001, account: { accountName: 'A'.repeat(90), sortCode: '200000', accountNumber: '55779911' } },
  ],
  ...over,
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document read back as plain objects
const parse = (xml: string): any => (convert(xml, { format: 'object' }) as any).Document.CstmrCdtTrfInitn;

describe('the pain.001.001.03 bank file', () => {
  it('is valid against the ISO 20022 schema, with a UK account, an IBAN and an awkward name', async () => {
    const xml = buildPain001(input());
    expect(await pain001Errors(xml)).toEqual([]);
  });

  it('is also valid when the organisation pays from an IBAN with a BIC', async () => {
    const xml = buildPain001(input({ debtor: { name: 'Chief Partners Ltd', iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' } }));
    expect(await pain001Errors(xml)).toEqual([]);
    expect(parse(xml).PmtInf.DbtrAgt.FinInstnId.BIC).toBe('BUKBGB22');
  });

  it('counts and sums the transfers in both the group header and the payment instruction', () => {
    const doc = parse(buildPain001(input()));
    expect(doc.GrpHdr.NbOfTxs).toBe('3');
    expect(String(doc.GrpHdr.CtrlSum)).toBe('1173.46');
    expect(doc.PmtInf.NbOfTxs).toBe('3');
    expect(String(doc.PmtInf.CtrlSum)).toBe('1173.46');
    expect(doc.GrpHdr.MsgId).toBe('CP0007-20261102T101530');
    expect(doc.PmtInf.PmtMtd).toBe('TRF');
    expect(doc.PmtInf.ReqdExctnDt).toBe('2026-11-16');
  });

  it('writes each transfer with its reference, amount in pounds and the account as UK banks take it', () => {
    const [uk, iban, long] = parse(buildPain001(input())).PmtInf.CdtTrfTxInf;
    expect(uk.PmtId.EndToEndId).toBe('CP0007-0001');
    expect(uk.RmtInf.Ustrd).toBe('CP0007-0001');
    expect(uk.Amt.InstdAmt['#']).toBe('123.45');
    expect(uk.Amt.InstdAmt['@Ccy']).toBe('GBP');
    expect(String(uk.CdtrAcct.Id.Othr.Id)).toBe('08999966374958');
    expect(uk.CdtrAcct.Id.Othr.SchmeNm.Cd).toBe('BBAN');
    expect(String(uk.CdtrAgt.FinInstnId.ClrSysMmbId.MmbId)).toBe('089999');
    expect(iban.CdtrAcct.Id.IBAN).toBe('DE89370400440532013000');
    expect(iban.CdtrAgt.FinInstnId.BIC).toBe('COBADEFFXXX');
    expect(iban.Cdtr.Nm).toBe('Jorg Muller and Sohne GmbH');
    expect(iban.Amt.InstdAmt['#']).toBe('50.00');
    expect(long.Cdtr.Nm).toHaveLength(70);
  });

  it('keeps markup in names as text, never as elements', () => {
    const xml = buildPain001(
      input({
        transfers: [{ reference: 'CP0007-0001', amountPence: 100, account: { accountName: '</Nm><Evil>x</Evil>', sortCode: '200000', accountNumber: '55779911' } }],
      }),
    );
    expect(xml).not.toContain('<Evil>');
  });

  it('refuses an empty file', () => {
    expect(() => buildPain001(input({ transfers: [] }))).toThrow();
  });
});

describe('bankText', () => {
  it('keeps the payment schemes’ characters and cuts to the limit', () => {
    expect(bankText('  Zoë   O’Brien & Co.  ', 70)).toBe('Zoe O Brien and Co.');
    expect(bankText('x'.repeat(200), 140)).toHaveLength(140);
  });
});

describe('paymentDay', () => {
  it('is the next 15th, or the approval day when it is the 15th', () => {
    expect(paymentDay(new Date('2026-11-02T10:00:00Z'))).toBe('2026-11-16'); // 15 Nov 2026 is a Sunday
    expect(paymentDay(new Date('2026-12-15T10:00:00Z'))).toBe('2026-12-15');
    expect(paymentDay(new Date('2026-12-16T10:00:00Z'))).toBe('2027-01-15');
  });

  it('moves off a weekend and the Easter bank holidays to the next working day', () => {
    expect(paymentDay(new Date('2026-08-01T10:00:00Z'))).toBe('2026-08-17'); // Saturday 15 Aug
    expect(paymentDay(new Date('2022-04-01T10:00:00Z'))).toBe('2022-04-19'); // Good Friday 15 Apr, then the weekend and Easter Monday
  });

  it('reads the approval day in London', () => {
    // 23:30 on 15 Jun UTC is already 16 Jun in London (summer time): the next 15th is in July
    expect(paymentDay(new Date('2026-06-15T23:30:00Z'))).toBe('2026-07-15');
  });
});

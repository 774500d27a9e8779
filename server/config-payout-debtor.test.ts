import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'cp-config-'));

describe("the organisation's payout account (PAYOUT_DEBTOR_*)", () => {
  it('is absent until a name and an account are given', () => {
    expect(loadConfig({ DATA_DIR: dir() }).payoutDebtor).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir(), PAYOUT_DEBTOR_IBAN: 'GB33BUKB20201555555555' }).payoutDebtor).toBeUndefined();
  });

  it('takes a UK sort code and account number, or an IBAN with a BIC', () => {
    expect(
      loadConfig({ DATA_DIR: dir(), PAYOUT_DEBTOR_NAME: 'Chief Partners Ltd', PAYOUT_DEBTOR_SORT_CODE: '20-00-00', PAYOUT_DEBTOR_ACCOUNT: '55779911' }).payoutDebtor,
    ).toEqual({
      name: 'Chief Partners Ltd',
      sortCode: '200000',
      accountNumber: '55779911',
      iban: undefined,
      bic: undefined,
    });
    const c = loadConfig({ DATA_DIR: dir(), PAYOUT_DEBTOR_NAME: 'Chief Partners Ltd', PAYOUT_DEBTOR_IBAN: 'gb33 bukb 2020 1555 5555 55', PAYOUT_DEBTOR_BIC: 'bukbgb22' });
    expect(c.payoutDebtor).toMatchObject({ iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' });
  });

  it('names what is wrong or missing', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), PAYOUT_DEBTOR_NAME: 'Chief Partners Ltd' })).toThrow(/PAYOUT_DEBTOR_NAME/);
    expect(() => loadConfig({ DATA_DIR: dir(), PAYOUT_DEBTOR_NAME: 'X', PAYOUT_DEBTOR_SORT_CODE: '200000' })).toThrow(/PAYOUT_DEBTOR_ACCOUNT/);
    expect(() => loadConfig({ DATA_DIR: dir(), PAYOUT_DEBTOR_NAME: 'X', PAYOUT_DEBTOR_SORT_CODE: '2000', PAYOUT_DEBTOR_ACCOUNT: '55779911' })).toThrow(
      /PAYOUT_DEBTOR_SORT_CODE/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), PAYOUT_DEBTOR_NAME: 'X', PAYOUT_DEBTOR_IBAN: 'GB33BUKB20201555555555', PAYOUT_DEBTOR_BIC: 'BUK' })).toThrow(
      /PAYOUT_DEBTOR_BIC/,
    );
  });
});

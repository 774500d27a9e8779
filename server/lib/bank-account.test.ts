import { describe, expect, it } from 'vitest';
import {
  BIC_COUNTRY,
  BIC_FORMAT,
  checkIbanAndBic,
  checkUkAccount,
  IBAN_CHECK_DIGITS,
  IBAN_COUNTRY,
  IBAN_LENGTH,
  IBAN_UK_MISMATCH,
  SORT_CODE_MISMATCH,
} from './bank-account.ts';

// Sort codes and account numbers from the worked examples of Vocalink's "Validating account numbers" (v6.40), as
// the package ships them with its own tests, across the methods and exceptions.
const VOCALINK_VALID: Array<[string, string]> = [
  ['089999', '66374958'],
  ['107999', '88837491'],
  ['202959', '63748472'],
  ['871427', '46238510'],
  ['872427', '46238510'],
  ['871427', '09123496'],
  ['871427', '99123496'],
  ['820000', '73688637'],
  ['827999', '73988638'],
  ['827101', '28748352'],
  ['134020', '63849203'],
  ['118765', '64371389'],
  ['200915', '41011166'],
  ['938611', '07806039'],
  ['938600', '42368003'],
  ['938063', '55065200'],
  ['772798', '99345694'],
  ['086090', '06774744'],
  ['309070', '02355688'],
  ['309070', '12345668'],
  ['309070', '12345677'],
  ['309070', '99345694'],
  ['074456', '12345112'],
  ['074456', '11104102'],
  ['180002', '00000190'],
];

const VOCALINK_INVALID: Array<[string, string]> = [
  ['089999', '66374959'],
  ['107999', '88837493'],
  ['118765', '64371388'],
  ['203099', '66831036'],
  ['203099', '58716970'],
  ['938063', '15764273'],
  ['938063', '15764264'],
  ['938063', '15763217'],
];

describe('the UK modulus check', () => {
  it.each(VOCALINK_VALID)('passes %s %s', (sortCode, accountNumber) => {
    expect(checkUkAccount(sortCode, accountNumber)).toBeNull();
  });

  it.each(VOCALINK_INVALID)('refuses %s %s, on the account number', (sortCode, accountNumber) => {
    expect(checkUkAccount(sortCode, accountNumber)).toEqual({ path: 'accountNumber', message: SORT_CODE_MISMATCH });
  });

  it('takes a sort code written with dashes or spaces and an account number with spaces', () => {
    expect(checkUkAccount('08-99-99', '6637 4958')).toBeNull();
    expect(checkUkAccount('08 99 99', '66374959')).not.toBeNull();
  });
});

describe('the IBAN and BIC check', () => {
  it('passes well-formed IBANs and BICs, in any spacing and case', () => {
    expect(checkIbanAndBic('GB29 NWBK 6016 1331 9268 19', 'NWBKGB2L')).toBeNull();
    expect(checkIbanAndBic('de89 3704 0044 0532 0130 00', 'cobadeffxxx')).toBeNull();
    expect(checkIbanAndBic('FR1420041010050500013M02606', 'PSSTFRPPPAR')).toBeNull();
  });

  it('refuses a mistyped IBAN with the reason, on the IBAN', () => {
    expect(checkIbanAndBic('DE89370400440532013001', 'COBADEFF')).toEqual({ path: 'iban', message: IBAN_CHECK_DIGITS });
    expect(checkIbanAndBic('GB29NWBK60161331926818', 'NWBKGB2L')).toEqual({ path: 'iban', message: IBAN_CHECK_DIGITS });
    expect(checkIbanAndBic('XX89370400440532013000', 'COBADEFF')).toEqual({ path: 'iban', message: IBAN_COUNTRY });
    expect(checkIbanAndBic('DE8937040044053201300', 'COBADEFF')).toEqual({ path: 'iban', message: IBAN_LENGTH });
  });

  it('refuses a UK IBAN whose check digits add up but whose sort code and account number fail the modulus check', () => {
    // both carry sort code 08-99-99; the check digits of each were computed for its own account number
    expect(checkIbanAndBic('GB70NWBK08999966374958', 'NWBKGB2L')).toBeNull();
    expect(checkIbanAndBic('GB43NWBK08999966374959', 'NWBKGB2L')).toEqual({ path: 'iban', message: IBAN_UK_MISMATCH });
  });

  it('refuses a malformed BIC, or one without a known country, on the BIC', () => {
    expect(checkIbanAndBic('DE89370400440532013000', 'CO1')).toEqual({ path: 'bic', message: BIC_FORMAT });
    expect(checkIbanAndBic('DE89370400440532013000', 'COBADEFFX')).toEqual({ path: 'bic', message: BIC_FORMAT });
    expect(checkIbanAndBic('DE89370400440532013000', 'COBAXXFF')).toEqual({ path: 'bic', message: BIC_COUNTRY });
  });
});

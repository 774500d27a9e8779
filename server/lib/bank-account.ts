import { electronicFormatIBAN, validateBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import UkModulusChecking from 'uk-modulus-checking';

/**
 * The checks a bank account passes before we pay into it: a UK sort code and account number must pass the Vocalink
 * modulus check (the one BACS applies), an IBAN its country's length and format and its check digits, a BIC its
 * format and country. The shared schema has already checked the shape (six digits, eight digits); these checks
 * catch a mistyped digit, which the shape cannot. Each answers the field to mark and what to tell the member.
 */

export interface BankAccountIssue {
  path: 'sortCode' | 'accountNumber' | 'iban' | 'bic';
  message: string;
}

export const SORT_CODE_MISMATCH = 'This sort code and account number do not match: check both';
export const IBAN_CHECK_DIGITS = 'This IBAN does not add up: check it for a mistyped character';
export const IBAN_UK_MISMATCH = 'The sort code and account number in this IBAN do not match: check it for a mistyped digit';
export const IBAN_COUNTRY = 'This IBAN does not start with a known country code';
export const IBAN_LENGTH = 'This IBAN has the wrong number of characters for its country';
export const IBAN_FORMAT = 'This IBAN is not in its country’s format: check it against your bank statement';
export const BIC_FORMAT = 'Enter a BIC of 8 or 11 characters, like NWBKGB2L';
export const BIC_COUNTRY = 'This BIC does not contain a known country code';

/** A sort code as six digits ("12-34-56" → "123456"). */
export const sortCodeDigits = (sortCode: string) => sortCode.replace(/[\s-]/g, '');
/** An account number as its digits. */
export const accountNumberDigits = (accountNumber: string) => accountNumber.replace(/\s/g, '');
/** An IBAN as banks exchange it: capitals, no spaces. */
export const ibanElectronic = (iban: string) => electronicFormatIBAN(iban) ?? '';
/** A BIC as banks exchange it: capitals, no spaces. */
export const bicElectronic = (bic: string) => bic.replace(/\s/g, '').toUpperCase();

/** The modulus check of a UK sort code and account number; null when they pass. */
export function checkUkAccount(sortCode: string, accountNumber: string): BankAccountIssue | null {
  const valid = new UkModulusChecking({ sortCode: sortCodeDigits(sortCode), accountNumber: accountNumberDigits(accountNumber) }).isValid();
  return valid ? null : { path: 'accountNumber', message: SORT_CODE_MISMATCH };
}

/** The checks of an IBAN and BIC; a UK IBAN also carries a sort code and account number, which must pass the modulus check. */
export function checkIbanAndBic(iban: string, bic: string): BankAccountIssue | null {
  const electronic = ibanElectronic(iban);
  const result = validateIBAN(electronic);
  if (!result.valid) {
    const codes = result.errorCodes;
    const message = codes.includes(ValidationErrorsIBAN.NoIBANCountry)
      ? IBAN_COUNTRY
      : codes.includes(ValidationErrorsIBAN.WrongBBANLength)
        ? IBAN_LENGTH
        : codes.includes(ValidationErrorsIBAN.WrongBBANFormat)
          ? IBAN_FORMAT
          : IBAN_CHECK_DIGITS;
    return { path: 'iban', message };
  }
  // GBkk BBBB SSSSSS AAAAAAAA: the bank's code, then the sort code and account number the BACS check applies to
  if (electronic.startsWith('GB') && checkUkAccount(electronic.slice(8, 14), electronic.slice(14, 22))) return { path: 'iban', message: IBAN_UK_MISMATCH };
  const code = bicElectronic(bic);
  if (!/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(code)) return { path: 'bic', message: BIC_FORMAT };
  if (!validateBIC(code).valid) return { path: 'bic', message: BIC_COUNTRY };
  return null;
}

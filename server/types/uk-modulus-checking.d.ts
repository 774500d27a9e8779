/** The part of uk-modulus-checking (the Vocalink modulus check of UK sort codes and account numbers) we use; it ships no types. */
declare module 'uk-modulus-checking' {
  export default class UkModulusChecking {
    constructor(account: { accountNumber: string; sortCode: string });
    /** True when the account number passes its sort code's checks, or when the sort code has no checks to run. */
    isValid(): boolean;
  }
}

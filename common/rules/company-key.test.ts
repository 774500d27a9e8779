import { describe, expect, it } from 'vitest';
import { companyKey, contactDomain } from './company-key.ts';

describe('companyKey', () => {
  it('treats legal forms, case and punctuation as the same company', () => {
    expect(companyKey('Acme Ltd')).toBe(companyKey('ACME Limited'));
    expect(companyKey('The Acme Group plc')).toBe('acme');
    expect(companyKey('Smith & Sons')).toBe(companyKey('smith and sons'));
  });
  it('keeps names made only of noise words', () => {
    expect(companyKey('The Company')).toBe('the company');
  });
});

describe('contactDomain', () => {
  it('takes the company domain and ignores free mail', () => {
    expect(contactDomain('Jane@Acme.co.uk')).toBe('acme.co.uk');
    expect(contactDomain('jane@gmail.com')).toBe('');
    expect(contactDomain('nonsense')).toBe('');
  });
});

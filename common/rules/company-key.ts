/** Legal-form words that do not tell two companies apart ("Acme Ltd" is "ACME Limited"). */
const NOISE = new Set([
  'ltd',
  'limited',
  'plc',
  'llp',
  'llc',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'group',
  'holdings',
  'the',
  'uk',
  'gmbh',
  'sa',
  'ag',
  'bv',
]);

/** Free mail providers: a shared domain there says nothing about a shared company. */
export const FREE_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'yahoo.com',
  'yahoo.co.uk',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'btinternet.com',
]);

/** The comparable form of a company name: lower case, letters and digits, legal-form words dropped. */
export function companyKey(name: string): string {
  const words = name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const kept = words.filter((w) => !NOISE.has(w));
  return (kept.length ? kept : words).join(' ');
}

/** The company domain of a contact e-mail; empty for free mail providers and malformed addresses. */
export function contactDomain(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '';
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return !domain || FREE_MAIL_DOMAINS.has(domain) ? '' : domain;
}

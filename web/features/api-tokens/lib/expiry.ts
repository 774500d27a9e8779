/** When a new token stops working: never, after a number of days, or at the end of a chosen day. */
export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In 1 year' },
  { value: 'date', label: 'On a date' },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

const DAY_MS = 86_400_000;

/** A calendar date (YYYY-MM-DD) in the browser's own time zone. */
export function localDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The first day that may be chosen: tomorrow (a token that expires today would barely be used). */
export const firstExpiryDate = (now = new Date()) => localDate(new Date(now.getTime() + DAY_MS));

/**
 * The expiry to send, as an ISO instant, or null for a token that never expires. A chosen day counts to its end in
 * the browser's time zone. Answers an error message for a missing or past day.
 */
export function expiryFor(choice: ExpiryChoice, date: string, now = new Date()): { expiresAt: string | null } | { error: string } {
  if (choice === 'never') return { expiresAt: null };
  if (choice !== 'date') return { expiresAt: new Date(now.getTime() + Number(choice) * DAY_MS).toISOString() };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return { error: 'Choose the day the token stops working.' };
  const end = new Date(`${date}T23:59:59`);
  if (Number.isNaN(end.getTime())) return { error: 'Choose the day the token stops working.' };
  if (date < firstExpiryDate(now)) return { error: 'Choose a day after today.' };
  return { expiresAt: end.toISOString() };
}

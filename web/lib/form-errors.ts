import { ApiError } from './api.ts';

/** One server message placed under a form field. */
interface FieldMessage<N extends string> {
  name: N;
  message: string;
}

/**
 * The server's per-field messages (`ApiError.issues`) for the fields a form has: an issue's path names the field
 * first (`industry` or `expertise.2`); issues for fields the form does not show are left out, and a field keeps
 * its first message.
 */
export function serverFieldMessages<N extends string>(err: unknown, fields: readonly N[]): FieldMessage<N>[] {
  if (!(err instanceof ApiError)) return [];
  const placed = new Map<N, string>();
  for (const issue of err.issues) {
    const name = issue.path.split('.')[0] as N;
    if (fields.includes(name) && !placed.has(name)) placed.set(name, issue.message);
  }
  return [...placed].map(([name, message]) => ({ name, message }));
}

/** The part of react-hook-form's `setError` this needs (kept structural so the rule is testable without a form). */
type SetError<N extends string> = (name: N, error: { type: 'server'; message: string }, options: { shouldFocus: boolean }) => void;

/**
 * Puts the server's field messages under their fields and focuses the first; false when none of them belongs to
 * the form, so the caller knows to say what went wrong another way (a toast).
 */
export function placeServerErrors<N extends string>(err: unknown, fields: readonly N[], setError: SetError<N>): boolean {
  const messages = serverFieldMessages(err, fields);
  messages.forEach(({ name, message }, i) => setError(name, { type: 'server', message }, { shouldFocus: i === 0 }));
  return messages.length > 0;
}

import { AppError } from '../../common/errors.ts';

/**
 * The one shape of a policy's answer to "may this actor do this to this record?". A resource's policy exports
 * `<resource>Permission(actor, action, record)` answering `'ok'` or a refusal that carries the error to send and
 * the words to send with it: `not_found` when the record is outside what the actor may see (so its existence is
 * not revealed), `forbidden` when they see it but their part does not allow the act, `conflict` when the right
 * person asks at the wrong time (the record's state forbids it), `bad_request` when the request names a record the
 * act cannot take (a reply to a reply). Services ask through `authorize()`; abilities sent to the client are
 * `permits()` of the same answers, so the screen and the server cannot disagree.
 */
export type Denial = 'not_found' | 'forbidden' | 'conflict' | 'bad_request';

export interface Refusal {
  readonly refused: Denial;
  readonly message: string;
}

export type Permission = 'ok' | Refusal;

export const notFound = (message: string): Refusal => ({ refused: 'not_found', message });
export const forbidden = (message: string): Refusal => ({ refused: 'forbidden', message });
export const conflict = (message: string): Refusal => ({ refused: 'conflict', message });
export const badRequest = (message: string): Refusal => ({ refused: 'bad_request', message });

/** Whether a policy's answer allows the act (for the abilities a record carries to the client). */
export const permits = (permission: Permission): boolean => permission === 'ok';

/** Throws the policy's refusal as the API error it names, with the policy's own message; returns when allowed. */
export function authorize(permission: Permission): void {
  if (permission !== 'ok') throw new AppError(permission.refused, permission.message);
}

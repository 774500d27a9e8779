import type { ResetLinkKind } from '../../../../common/schemas/password-reset.ts';

/**
 * What a reset link was sent for, read from its token's signed body (the server checks the signature; this only
 * chooses the page's wording): an invitation sets the first password, anything else resets one.
 */
export function resetLinkKind(token: string): ResetLinkKind {
  try {
    const body = token.split('.')[0] ?? '';
    const json = atob(body.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as { k?: unknown }).k === 'invite' ? 'invite' : 'reset';
  } catch {
    return 'reset';
  }
}

import type { ApiToken, ApiTokenKind, ApiTokenScope } from '../../../../common/schemas/api-tokens.ts';
import { API_TOKEN_SCOPES, PERSONAL_TOKEN_SCOPES } from '../../../../common/schemas/api-tokens.ts';

/** What each scope lets a token do, in one line; a token acts as the person who made it, so it sees what they see. */
export const SCOPE_DESCRIPTIONS: Record<ApiTokenScope, string> = {
  'leads:read': 'Read leads and their progress, as the token’s creator sees them.',
  'leads:write': 'Submit new leads and update existing ones.',
  'members:read': 'Read the member directory and members’ profiles.',
  'commissions:read': 'Read commissions and their totals.',
  'payouts:read': 'Read payout runs and their lines.',
  'events:read': 'Read events, their calendar files and attendee lists.',
  'timesheets:read': 'Read placements and timesheets.',
  'webhooks:manage': 'Set up and change the organisation’s webhook endpoints.',
};

/** The scopes a token of each kind may be given: any for the organisation, reading one’s own leads and commissions for a member. */
export const SCOPES_FOR: Record<ApiTokenKind, readonly ApiTokenScope[]> = {
  organisation: API_TOKEN_SCOPES,
  personal: PERSONAL_TOKEN_SCOPES,
};

/** Whether a token works now, was revoked, or has passed its expiry. */
export type TokenState = 'active' | 'expired' | 'revoked';

export function tokenState(token: Pick<ApiToken, 'revokedAt' | 'expiresAt'>, now = new Date()): TokenState {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && new Date(token.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

import { PERSONAL_TOKEN_SCOPES, type ApiTokenKind } from '../../common/schemas/api-tokens.ts';
import { badRequest, forbidden, notFound, type Permission } from './authorize.ts';
import { isAdmin, isMember, type Actor } from './roles.ts';

/**
 * API tokens. Organisation tokens are made, listed and revoked by administrators, with any scope; a member makes,
 * lists and revokes only their own personal tokens, which may only read their own leads and commissions. A token
 * acts as its creator: an organisation token stops working once its creator is no longer an administrator, a
 * personal one once its member is no longer an approved, active member.
 */

export const API_TOKEN_MESSAGES = {
  onlyAdmin: 'Only an administrator can manage organisation tokens.',
  onlyMember: 'Only an approved member can make personal tokens.',
  personalScopes: `A personal token may only hold ${PERSONAL_TOKEN_SCOPES.join(' and ')}.`,
  notFound: 'Token not found.',
  expiryPast: 'Choose an expiry in the future.',
  revoked: 'This token is already revoked.',
} as const;

export type ApiTokenAction = 'create' | 'list' | 'revoke';

/** A token as the policy needs it: its kind and who made it. */
export interface TokenForDecision {
  kind: ApiTokenKind | string;
  createdBy: string;
}

/** Who may make, list or revoke tokens of a kind (and, for a revocation, this token). */
export function apiTokenPermission(actor: Actor, kind: ApiTokenKind, action: ApiTokenAction, token?: TokenForDecision): Permission {
  if (kind === 'organisation') {
    if (!(isMember(actor) && isAdmin(actor))) return forbidden(API_TOKEN_MESSAGES.onlyAdmin);
    if (token && token.kind !== 'organisation') return notFound(API_TOKEN_MESSAGES.notFound);
    return 'ok';
  }
  if (!isMember(actor)) return forbidden(API_TOKEN_MESSAGES.onlyMember);
  if (token && (token.kind !== 'personal' || token.createdBy !== actor.id)) return notFound(API_TOKEN_MESSAGES.notFound);
  return 'ok';
}

/** Whether a token of this kind may hold these scopes. */
export function apiTokenScopesPermission(kind: ApiTokenKind, scopes: readonly string[]): Permission {
  if (kind === 'personal' && scopes.some((s) => !(PERSONAL_TOKEN_SCOPES as readonly string[]).includes(s))) return badRequest(API_TOKEN_MESSAGES.personalScopes);
  return 'ok';
}

/** Whether the token's creator may still act through it: the rule the bearer check applies on every request. */
export function apiTokenCreatorMayAct(kind: ApiTokenKind | string, creator: Actor): boolean {
  if (!isMember(creator)) return false;
  return kind === 'personal' || (kind === 'organisation' && isAdmin(creator));
}

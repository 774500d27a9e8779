/*
 * API tokens' public entry: the only module other features may import from it. The Admin Panel shows the
 * organisation's tokens (Integrations) and Profile Settings the member's own (Security).
 */

/** One kind of token end to end: the list, creating one with its secret shown once, and revoking. */
export { TokenManager } from './components/TokenManager.tsx';
/** Profile Settings → Security: the member's personal tokens. */
export { PersonalTokensCard } from './components/PersonalTokensCard.tsx';
/** The lists' query keys, for a feature whose acts change them. */
export { apiTokenKeys } from './api/keys.ts';

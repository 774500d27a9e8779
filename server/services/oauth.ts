import * as oidc from 'openid-client';
import type { Config, OidcProviderConfig } from '../config.ts';

export const OAUTH_PROVIDERS = ['google', 'apple'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** How long a started sign-in may take before its state cookie is worthless. */
export const FLOW_TTL_MS = 10 * 60_000;

const SCOPES: Record<OAuthProvider, string> = { google: 'openid email profile', apple: 'openid email name' };

/** What the browser keeps (in a signed cookie) between the start and the callback of one sign-in. */
export interface OidcFlow {
  provider: OAuthProvider;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  expiresAt: number;
  /** Set when a signed-in user started the flow from Profile Settings to link this provider to their account. */
  linkUserId?: string;
  /** Set when a signed-in user without a password confirms their identity with the provider linked to their account. */
  reauthUserId?: string;
}

/** The facts an ID token gives about the person signing in. */
export interface OidcIdentity {
  provider: OAuthProvider;
  sub: string;
  email?: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
}

/**
 * A sign-in that must not go ahead; `reason` is for the log, never shown with details to the user. `notice`
 * names the message the sign-in screen shows (a generic failure unless a more helpful one applies).
 */
export class OidcSignInError extends Error {
  constructor(
    readonly reason: string,
    readonly notice: string = 'oauth-failed',
  ) {
    super(reason);
  }
}

export type OidcClients = ReturnType<typeof createOidcClients>;

/** The OpenID Connect client of each configured provider, discovered once per app and reused. */
export function createOidcClients(settings: Config['oidc']) {
  const cache = new Map<OAuthProvider, Promise<oidc.Configuration>>();

  /** Discovery costs a round trip: keep the answer, but forget a failure so the next sign-in retries. */
  function configuration(provider: OAuthProvider): Promise<oidc.Configuration> {
    const settingsOf = settings[provider];
    if (!settingsOf) throw new OidcSignInError('provider not configured');
    let found = cache.get(provider);
    if (!found) {
      found = discover(settingsOf);
      found.catch(() => cache.delete(provider));
      cache.set(provider, found);
    }
    return found;
  }

  return {
    isEnabled: (provider: OAuthProvider) => !!settings[provider],
    /** Creates fresh state, nonce and PKCE verifier, and the provider URL to send the browser to. */
    async start(
      provider: OAuthProvider,
      redirectUri: string,
      now: Date,
      mode: { linkUserId?: string; reauthUserId?: string } = {},
    ): Promise<{ url: URL; flow: OidcFlow }> {
      const config = await configuration(provider);
      const flow: OidcFlow = {
        ...(mode.linkUserId ? { linkUserId: mode.linkUserId } : {}),
        ...(mode.reauthUserId ? { reauthUserId: mode.reauthUserId } : {}),
        provider,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        redirectUri,
        expiresAt: now.getTime() + FLOW_TTL_MS,
      };
      return { url: oidc.buildAuthorizationUrl(config, await authorizationParameters(flow)), flow };
    },
    /** Exchanges the code of the callback (state, PKCE and nonce checked) and reads the ID token. */
    async finish(flow: OidcFlow, callbackQuery: string): Promise<OidcIdentity> {
      const config = await configuration(flow.provider);
      const currentUrl = new URL(flow.redirectUri);
      currentUrl.search = callbackQuery;
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new OidcSignInError('no ID token');
      return identityFrom(flow.provider, claims);
    },
  };
}

/** Fetches the provider's metadata; plain http is allowed only for an http issuer (a local test server). */
function discover(p: OidcProviderConfig): Promise<oidc.Configuration> {
  const insecure = new URL(p.issuer).protocol === 'http:';
  return oidc.discovery(new URL(p.issuer), p.clientId, p.clientSecret, undefined, {
    execute: insecure ? [oidc.allowInsecureRequests] : [],
    timeout: 10,
  });
}

/** The authorization request: Apple asks for its name scope and posts the answer back (form_post). */
async function authorizationParameters(flow: OidcFlow): Promise<Record<string, string>> {
  const params: Record<string, string> = {
    redirect_uri: flow.redirectUri,
    scope: SCOPES[flow.provider],
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: 'S256',
  };
  if (flow.provider === 'apple') params.response_mode = 'form_post';
  if (flow.reauthUserId) {
    // a confirmation must be a fresh sign-in at the provider, not a session it remembers from earlier
    params.prompt = 'login';
    params.max_age = '0';
  }
  return params;
}

/** Reads the claims we use; Apple sends email_verified as the string "true". */
export function identityFrom(provider: OAuthProvider, claims: oidc.IDToken): OidcIdentity {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : undefined);
  const fullName = text(claims.name)?.split(/\s+/);
  return {
    provider,
    sub: claims.sub,
    email: text(claims.email)?.toLowerCase(),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: text(claims.given_name) ?? fullName?.[0],
    lastName: text(claims.family_name) ?? (fullName && fullName.length > 1 ? fullName.slice(1).join(' ') : undefined),
  };
}

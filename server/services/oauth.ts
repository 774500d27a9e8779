import { eq, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Config, OidcProviderConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { memberApplications, users } from '../db/schema/index.ts';

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

/** A sign-in that must not go ahead; `reason` is for the log, never shown with details to the user. */
export class OidcSignInError extends Error {
  constructor(readonly reason: string) {
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
    async start(provider: OAuthProvider, redirectUri: string, now: Date): Promise<{ url: URL; flow: OidcFlow }> {
      const config = await configuration(provider);
      const flow: OidcFlow = {
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

export type UserRow = typeof users.$inferSelect;

/** The users column that holds this provider's subject. */
function idColumn(provider: OAuthProvider) {
  return provider === 'google' ? users.googleId : users.appleId;
}

/**
 * The account an identity signs in to: already linked, else a local account with the same verified e-mail
 * (linked now), else a new pending applicant. Refuses deactivated accounts and unverified e-mail conflicts.
 */
export async function accountForIdentity(db: Db, identity: OidcIdentity): Promise<{ user: UserRow; outcome: 'signed-in' | 'linked' | 'created' }> {
  const linked = await findByProviderId(db, identity);
  if (linked) return { user: assertActive(linked), outcome: 'signed-in' };
  if (!identity.email) throw new OidcSignInError('no e-mail in ID token');
  const [sameEmail] = await db.select().from(users).where(sql`lower(${users.email}) = ${identity.email}`).limit(1);
  if (sameEmail) return { user: await linkIdentity(db, assertActive(sameEmail), identity), outcome: 'linked' };
  return { user: await createOidcApplicant(db, identity), outcome: 'created' };
}

async function findByProviderId(db: Db, identity: OidcIdentity): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(idColumn(identity.provider), identity.sub)).limit(1);
  return user;
}

/** A deactivated (or removed) account is never signed in, whichever way it is reached. */
function assertActive(user: UserRow): UserRow {
  if (!user.isActive) throw new OidcSignInError('account deactivated');
  return user;
}

/** Links the provider to an existing account, only on a verified e-mail and never over another link. */
async function linkIdentity(db: Db, user: UserRow, identity: OidcIdentity): Promise<UserRow> {
  if (!identity.emailVerified) throw new OidcSignInError('e-mail of an existing account is not verified by the provider');
  const column = idColumn(identity.provider);
  const [updated] = await db
    .update(users)
    .set(identity.provider === 'google' ? { googleId: identity.sub } : { appleId: identity.sub })
    .where(sql`${users.id} = ${user.id} and ${column} is null`)
    .returning();
  if (!updated) throw new OidcSignInError('account already linked to another identity of this provider');
  return updated;
}

/** A new applicant from the ID token: pending partner, no password or username, with their application row. */
async function createOidcApplicant(db: Db, identity: OidcIdentity): Promise<UserRow> {
  const email = identity.email!;
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          username: null,
          password: null,
          firstName: identity.firstName ?? email.split('@')[0],
          lastName: identity.lastName ?? 'Member',
          role: 'partner',
          accountStatus: 'pending',
          authProvider: identity.provider,
          ...(identity.provider === 'google' ? { googleId: identity.sub } : { appleId: identity.sub }),
        })
        .returning();
      await tx.insert(memberApplications).values({ userId: user.id });
      return user;
    });
  } catch (err) {
    return recoverFromRace(db, identity, err);
  }
}

/** Two callbacks for the same new identity at once: the loser signs in to the winner's account. */
async function recoverFromRace(db: Db, identity: OidcIdentity, err: unknown): Promise<UserRow> {
  const again = await findByProviderId(db, identity);
  if (again) return assertActive(again);
  throw err;
}

import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ErrorCode } from '../../common/errors.ts';
import type { ApiTokenScope } from '../../common/schemas/api-tokens.ts';
import type { Db } from '../db/client.ts';
import { apiTokens, apiTokenWindows, users } from '../db/schema/index.ts';
import { apiTokenKindOf } from '../lib/api-token-secret.ts';
import { isApiRequest } from '../lib/request-target.ts';
import { hashToken } from '../lib/tokens.ts';
import { apiTokenCreatorMayAct } from '../policies/api-tokens.ts';
import { adminTwoFactorRequiredSql, twoFactorEnabledSql } from '../policies/two-factor.ts';
import { sendError } from './errors.ts';
import { SESSION_COOKIE } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The API-token scopes that admit a bearer request to this route (any one of them). A route that names none
     * takes no tokens: a bearer request is refused 403 `token_not_allowed`.
     */
    tokenScopes?: readonly ApiTokenScope[];
  }
  interface FastifyRequest {
    /** The scopes of the API token the request came with; null for a session (cookie) or anonymous request. */
    tokenScopes: readonly string[] | null;
    /** The id of the API token the request came with, or null. */
    apiTokenId: string | null;
  }
}

/** Requests a token may make in one window, and the window. The limit is a test seam: tests lower it. */
export const TOKEN_RATE_LIMIT = { max: 600, windowMs: 60_000 };
/** The last use of a token is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

const BEARER = /^Bearer(?:\s+(\S*))?\s*$/i;

function refuse(reply: FastifyReply, message: string) {
  reply.header('WWW-Authenticate', 'Bearer');
  return sendError(reply, 'unauthorized', message);
}

function refuseScope(reply: FastifyReply, code: Extract<ErrorCode, 'token_not_allowed' | 'insufficient_scope'>, message: string) {
  reply.header('WWW-Authenticate', code === 'insufficient_scope' ? 'Bearer error="insufficient_scope"' : 'Bearer');
  return sendError(reply, code, message);
}

/**
 * API tokens on the API (`Authorization: Bearer cpo_…|cpp_…`), checked before the session: a request with a
 * token acts as the token's creator (`request.user`), only on routes that name one of the token's scopes, at most
 * TOKEN_RATE_LIMIT.max a minute per token (counted in the database, so across instances). A token together with a
 * session cookie, or a token that is malformed, unknown, revoked or expired, or whose creator may no longer act
 * through it, is refused 401. Every read of a token goes to its row, so a revocation or a role change counts at once.
 */
export function registerBearer(app: FastifyInstance, deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  app.decorateRequest('tokenScopes', null);
  app.decorateRequest('apiTokenId', null);

  const lookup = db
    .select({
      token: apiTokens,
      user: users,
      // read as the session reads them, so an administrator owing two-factor set-up is held back here too
      twoFactorEnabled: twoFactorEnabledSql(users.id).mapWith(Boolean),
      adminTwoFactorRequired: adminTwoFactorRequiredSql().mapWith(Boolean),
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .where(eq(apiTokens.tokenHash, sql.placeholder('hash')))
    .prepare('api_token_lookup');

  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    // only the Bearer scheme is ours: another (Basic, from a proxy in front) is left alone
    if (header === undefined || !/^bearer\b/i.test(header) || !isApiRequest(request)) return;
    const match = BEARER.exec(header);
    if (!match?.[1]) return refuse(reply, 'Send an API token as "Authorization: Bearer <token>".');
    if (request.cookies[SESSION_COOKIE] !== undefined) return refuse(reply, 'Send either an API token or a session cookie, not both.');
    const secret = match[1]!;
    const kind = apiTokenKindOf(secret);
    if (!kind) return refuse(reply, 'This API token is not valid.');
    const [found] = await lookup.execute({ hash: hashToken(secret) });
    const t = now();
    if (!found || found.token.kind !== kind) return refuse(reply, 'This API token is not valid.');
    const { token, user } = found;
    if (token.revokedAt) return refuse(reply, 'This API token has been revoked.');
    if (token.expiresAt && token.expiresAt.getTime() <= t.getTime()) return refuse(reply, 'This API token has expired.');
    if (!apiTokenCreatorMayAct(token.kind, user)) {
      request.log.warn({ tokenId: token.id, userId: user.id }, 'API token refused: its creator may no longer act through it');
      return refuse(reply, 'This API token is no longer valid.');
    }

    // one upsert per request: the count of this token's requests in the current window, on every instance
    const windowStart = new Date(Math.floor(t.getTime() / TOKEN_RATE_LIMIT.windowMs) * TOKEN_RATE_LIMIT.windowMs);
    const [counted] = await db
      .insert(apiTokenWindows)
      .values({ tokenId: token.id, windowStart, count: 1 })
      .onConflictDoUpdate({ target: [apiTokenWindows.tokenId, apiTokenWindows.windowStart], set: { count: sql`${apiTokenWindows.count} + 1` } })
      .returning({ count: apiTokenWindows.count });
    const used = counted?.count ?? 1;
    const reset = Math.max(1, Math.ceil((windowStart.getTime() + TOKEN_RATE_LIMIT.windowMs - t.getTime()) / 1000));
    reply.header('RateLimit-Policy', `"token";q=${TOKEN_RATE_LIMIT.max};w=${TOKEN_RATE_LIMIT.windowMs / 1000}`);
    reply.header('RateLimit', `"token";r=${Math.max(0, TOKEN_RATE_LIMIT.max - used)};t=${reset}`);
    if (used > TOKEN_RATE_LIMIT.max) {
      reply.header('Retry-After', String(reset));
      return sendError(reply, 'rate_limited', 'Too many requests with this API token. Try again shortly.');
    }

    if (!token.lastUsedAt || t.getTime() - token.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
      const minuteAgo = new Date(t.getTime() - TOUCH_EVERY_MS);
      await db
        .update(apiTokens)
        .set({ lastUsedAt: t, lastUsedIp: request.ip })
        .where(and(eq(apiTokens.id, token.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, minuteAgo))));
    }
    // old windows are dropped now and then, by the request that opens a new one
    if (used === 1) await db.delete(apiTokenWindows).where(and(eq(apiTokenWindows.tokenId, token.id), lt(apiTokenWindows.windowStart, windowStart)));

    // a missed route answers its 404; a route must name the scopes it takes, and the token must hold one of them
    if (!request.is404) {
      const accepted = request.routeOptions.config?.tokenScopes;
      if (!accepted?.length) return refuseScope(reply, 'token_not_allowed', 'API tokens cannot be used here.');
      if (!accepted.some((s) => token.scopes.includes(s)))
        return refuseScope(reply, 'insufficient_scope', `This API token needs the ${accepted.join(' or ')} scope here.`);
    }
    request.user = user;
    request.security = { twoFactorEnabled: !!found.twoFactorEnabled, adminTwoFactorRequired: !!found.adminTwoFactorRequired };
    request.tokenScopes = token.scopes;
    request.apiTokenId = token.id;
  });
}

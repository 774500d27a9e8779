import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oauthStartQuery } from '../../common/schemas/auth.ts';
import type { AppContext } from '../app.ts';
import { publicOrigin } from '../lib/request-target.ts';
import { startSession } from '../plugins/session.ts';
import { beginSecondStep } from '../plugins/sign-in-challenge.ts';
import { createOidcClients, OAUTH_PROVIDERS, OidcSignInError, type OAuthProvider, type OidcClients, type OidcFlow } from '../services/oauth.ts';
import { accountForIdentity, confirmLinkedIdentity, linkToSignedInUser } from '../services/oauth-accounts.ts';
import { assertRecentlyConfirmed, markIdentityConfirmed } from '../services/reauthentication.ts';
import { sendSecurityNotice } from '../services/security-notices.ts';
import { readSecurity } from '../services/two-factor.ts';

/** Holds state, nonce and PKCE verifier of one sign-in between start and callback (signed, short-lived). */
export const FLOW_COOKIE = 'cp_oidc';
const FLOW_COOKIE_PATH = '/api/auth';

const flowSchema = z.object({
  provider: z.enum(OAUTH_PROVIDERS),
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
  redirectUri: z.url(),
  expiresAt: z.number(),
  linkUserId: z.uuid().optional(),
  reauthUserId: z.uuid().optional(),
});

/** What a started flow is for: a sign-in, linking a provider, or confirming the identity of who is signed in. */
type FlowMode = 'sign-in' | 'link' | 'reauth';

/** Where a linking flow started, and where it returns to. */
const SETTINGS = '/profile-settings';

/** What Apple posts to its form_post callback; only these are passed on. */
const formPostSchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(200).optional(),
  iss: z.string().max(500).optional(),
});

/** Third-party sign-in (OpenID Connect code flow with PKCE). Without configuration it sends the browser back with a notice. */
export const oauthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const clients = createOidcClients(ctx.config.oidc);

    for (const provider of OAUTH_PROVIDERS) {
      app.get(`/api/auth/${provider}`, { config: { access: 'public' }, schema: { hide: true, querystring: oauthStartQuery } }, (request, reply) =>
        startFlow(ctx, clients, provider, request, reply, request.query.link === '1' ? 'link' : request.query.reauth === '1' ? 'reauth' : 'sign-in'),
      );
      app.get(`/api/auth/${provider}/callback`, { config: { access: 'public' }, schema: { hide: true } }, (request, reply) =>
        finishFlow(ctx, clients, provider, request, reply),
      );
    }

    await app.register(async (formPost) => {
      // Only this route reads a form body; every other route stays JSON-only (an own encapsulated context).
      formPost.removeAllContentTypeParsers();
      formPost.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
      formPost.withTypeProvider<ZodTypeProvider>().post(
        '/api/auth/apple/callback',
        // csrfExempt: Apple's response_mode=form_post is a cross-site POST by design. The route only answers a 303 to
        // the GET callback; the state cookie (SameSite=Lax) rides on that top-level GET, which is where the flow is checked.
        { config: { access: 'public', csrfExempt: true }, schema: { hide: true, body: formPostSchema } },
        async (request, reply) => {
          const query = new URLSearchParams(Object.entries(request.body).filter((e): e is [string, string] => e[1] !== undefined));
          return reply.redirect(`/api/auth/apple/callback?${query}`, 303);
        },
      );
    });
  };

/** The callback URL registered with the provider: on PUBLIC_URL when set, else on the origin the request came to. */
function redirectUriFor(ctx: AppContext, request: FastifyRequest, provider: OAuthProvider): string {
  return `${publicOrigin(ctx.config.publicUrl, request)}/api/auth/${provider}/callback`;
}

/** Whether cookies must be Secure (same rule as the session cookie). */
function secureCookies(ctx: AppContext, request: FastifyRequest): boolean {
  return request.protocol === 'https' || !!ctx.config.publicUrl?.startsWith('https://');
}

/**
 * Starts a sign-in: keeps the flow secrets in a cookie and sends the browser to the provider. With `link`, a
 * signed-in user links the provider to their own account (only after confirming their identity on this session
 * within the last minutes); with `reauth`, a signed-in user confirms their identity by signing in afresh with the
 * provider already linked to their account. The flow records who, and only they can finish it.
 */
async function startFlow(ctx: AppContext, clients: OidcClients, provider: OAuthProvider, request: FastifyRequest, reply: FastifyReply, mode: FlowMode) {
  const inSettings = mode !== 'sign-in';
  const link = mode === 'link';
  if (!clients.isEnabled(provider)) return reply.redirect(inSettings ? `${SETTINGS}?notice=${provider}-disabled` : `/login?notice=${provider}-disabled`);
  if (inSettings && !request.user) return reply.redirect('/login?notice=link-signed-out');
  // a hijacked session must not add its own way in: linking needs a recent confirmation (403 before any redirect)
  if (link) await assertRecentlyConfirmed({ db: ctx.db, now: ctx.now }, request.sessionId);
  try {
    const userId = request.user?.id;
    const { url, flow } = await clients.start(provider, redirectUriFor(ctx, request, provider), ctx.now(), {
      linkUserId: link ? userId : undefined,
      reauthUserId: mode === 'reauth' ? userId : undefined,
    });
    reply.setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
      path: FLOW_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies(ctx, request),
      signed: true,
      maxAge: Math.floor((flow.expiresAt - ctx.now().getTime()) / 1000),
    });
    return reply.redirect(url.href);
  } catch (err) {
    return failed(ctx, request, reply, provider, 'start failed', err, inSettings);
  }
}

/** Finishes a sign-in (or a link): checks the flow, exchanges the code, then signs in or links. */
async function finishFlow(ctx: AppContext, clients: OidcClients, provider: OAuthProvider, request: FastifyRequest, reply: FastifyReply) {
  if (!clients.isEnabled(provider)) return reply.redirect(`/login?notice=${provider}-disabled`);
  const flow = readFlow(ctx, request, provider);
  clearFlow(ctx, request, reply);
  if (!flow) return failed(ctx, request, reply, provider, 'missing, forged or expired state cookie');
  const linking = !!flow.linkUserId || !!flow.reauthUserId;
  try {
    const identity = await clients.finish(flow, new URL(request.url, 'http://x').search);
    if (flow.reauthUserId) {
      // the same user, on a session of theirs, and the provider identity already linked to them: nobody else's account proves it
      if (request.user?.id !== flow.reauthUserId || !request.sessionId)
        throw new OidcSignInError('the user who started the confirmation is not signed in', 'reauth-failed');
      await confirmLinkedIdentity(ctx.db, flow.reauthUserId, identity);
      await markIdentityConfirmed({ db: ctx.db, now: ctx.now }, flow.reauthUserId, request.sessionId);
      request.log.info({ userId: flow.reauthUserId, provider }, 'identity confirmed');
      return reply.redirect(`${SETTINGS}?notice=identity-confirmed`);
    }
    if (flow.linkUserId) {
      // the same user must still be signed in in this browser: a flow started by one account never links another
      if (request.user?.id !== flow.linkUserId) throw new OidcSignInError('the user who started the link is not signed in', 'link-failed');
      const before = request.user;
      const user = await linkToSignedInUser(ctx.db, flow.linkUserId, identity);
      request.log.info({ userId: flow.linkUserId, provider }, 'sign-in method linked');
      const newlyLinked = (provider === 'google' ? before.googleId : before.appleId) !== identity.sub;
      if (newlyLinked) await sendSecurityNotice({ db: ctx.db, config: ctx.config, mailer: ctx.mailer }, user, { kind: 'provider-linked', provider });
      return reply.redirect(`${SETTINGS}?linked=${provider}`);
    }
    const { user, outcome } = await accountForIdentity(ctx.db, identity, ctx.now());
    request.log.info({ userId: user.id, provider, outcome }, outcome === 'created' ? 'new membership application' : 'third-party sign-in');
    const deps = { db: ctx.db, config: ctx.config, now: ctx.now };
    if ((await readSecurity(ctx.db, user.id)).twoFactorEnabled) {
      // the provider vouched for the first factor only: the code is owed before there is a session
      await beginSecondStep(request, reply, deps, user.id);
      return reply.redirect('/login?step=2fa');
    }
    await startSession(request, reply, deps, user.id);
    return reply.redirect('/dashboard');
  } catch (err) {
    return failed(ctx, request, reply, provider, linking ? 'link failed' : 'callback failed', err, linking);
  }
}

/** The flow of this browser, if its cookie is authentic, for this provider and not expired. */
function readFlow(ctx: AppContext, request: FastifyRequest, provider: OAuthProvider): OidcFlow | undefined {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  try {
    const flow = flowSchema.parse(JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')));
    return flow.provider === provider && flow.expiresAt > ctx.now().getTime() ? flow : undefined;
  } catch {
    return undefined;
  }
}

function clearFlow(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: secureCookies(ctx, request) });
}

/**
 * Any failure: the flow cookie goes, a warning without codes or tokens is logged, and the browser returns to
 * sign-in (or to Profile Settings when linking) with a notice saying what to do.
 */
function failed(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, provider: OAuthProvider, what: string, err?: unknown, linking = false) {
  clearFlow(ctx, request, reply);
  request.log.warn({ provider, ip: request.ip, userId: request.user?.id, reason: describe(err) }, `third-party sign-in refused: ${what}`);
  const specific = err instanceof OidcSignInError && err.notice !== 'oauth-failed' ? err.notice : undefined;
  const notice = specific ?? (linking ? 'link-failed' : 'oauth-failed');
  return reply.redirect(`${linking ? SETTINGS : '/login'}?notice=${notice}`);
}

/** A short, secret-free description of why: our own reason, or the library's error name, code and message. */
function describe(err: unknown): string | undefined {
  if (err === undefined) return undefined;
  if (err instanceof OidcSignInError) return err.reason;
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return `${err.name}${typeof code === 'string' ? ` ${code}` : ''}: ${err.message}`.slice(0, 300);
  }
  return 'unknown error';
}

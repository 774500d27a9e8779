import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app.ts';
import { startSession } from '../plugins/session.ts';
import { accountForIdentity, createOidcClients, OAUTH_PROVIDERS, OidcSignInError, type OAuthProvider, type OidcClients, type OidcFlow } from '../services/oauth.ts';

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
});

/** What Apple posts to its form_post callback; only these are passed on. */
const formPostSchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(200).optional(),
  iss: z.string().max(500).optional(),
});

/** Third-party sign-in (OpenID Connect code flow with PKCE). Without configuration it sends the browser back with a notice. */
export const oauthRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  const clients = createOidcClients(ctx.config.oidc);

  for (const provider of OAUTH_PROVIDERS) {
    app.get(`/api/auth/${provider}`, { config: { access: 'public' }, schema: { hide: true } }, (request, reply) =>
      startFlow(ctx, clients, provider, request, reply),
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
  const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
  return `${origin}/api/auth/${provider}/callback`;
}

/** Whether cookies must be Secure (same rule as the session cookie). */
function secureCookies(ctx: AppContext, request: FastifyRequest): boolean {
  return request.protocol === 'https' || !!ctx.config.publicUrl?.startsWith('https://');
}

/** Starts a sign-in: keeps the flow secrets in a cookie and sends the browser to the provider. */
async function startFlow(ctx: AppContext, clients: OidcClients, provider: OAuthProvider, request: FastifyRequest, reply: FastifyReply) {
  if (!clients.isEnabled(provider)) return reply.redirect(`/login?notice=${provider}-disabled`);
  try {
    const { url, flow } = await clients.start(provider, redirectUriFor(ctx, request, provider), ctx.now());
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
    return failed(ctx, request, reply, provider, 'start failed', err);
  }
}

/** Finishes a sign-in: checks the flow, exchanges the code, finds or creates the account and starts a session. */
async function finishFlow(ctx: AppContext, clients: OidcClients, provider: OAuthProvider, request: FastifyRequest, reply: FastifyReply) {
  if (!clients.isEnabled(provider)) return reply.redirect(`/login?notice=${provider}-disabled`);
  const flow = readFlow(ctx, request, provider);
  clearFlow(ctx, request, reply);
  if (!flow) return failed(ctx, request, reply, provider, 'missing, forged or expired state cookie');
  try {
    const identity = await clients.finish(flow, new URL(request.url, 'http://x').search);
    const { user, outcome } = await accountForIdentity(ctx.db, identity);
    request.log.info({ userId: user.id, provider, outcome }, outcome === 'created' ? 'new membership application' : 'third-party sign-in');
    await startSession(request, reply, { db: ctx.db, config: ctx.config, now: ctx.now }, user.id);
    return reply.redirect('/dashboard');
  } catch (err) {
    return failed(ctx, request, reply, provider, 'callback failed', err);
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

/** Any failure: the flow cookie goes, a warning without codes or tokens is logged, the browser returns to sign-in. */
function failed(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, provider: OAuthProvider, what: string, err?: unknown) {
  clearFlow(ctx, request, reply);
  request.log.warn({ provider, ip: request.ip, reason: describe(err) }, `third-party sign-in refused: ${what}`);
  return reply.redirect('/login?notice=oauth-failed');
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

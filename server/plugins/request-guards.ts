import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { isApiRequest } from '../lib/request-target.ts';
import { accessRefusal, checkAccess, type Access } from '../policies/roles.ts';
import { sendError } from './errors.ts';
import { twoFactorSetupRequired } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; routes that say nothing are for approved members only. */
    access?: Access;
    /**
     * Skips the cross-site write check for this route alone. Only for a callback a third party must POST to
     * from its own site (Apple's response_mode=form_post); such a route must change nothing and only redirect.
     */
    csrfExempt?: boolean;
    /**
     * Reachable by an administrator who must still turn on two-factor sign-in (the admin setting): the current
     * user, sign-out and the set-up itself. Every other closed route answers them 403 `two_factor_required`.
     */
    duringTwoFactorSetup?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins this app is served from: its configured public URL and the Host the request came to. */
function ownOrigins(request: FastifyRequest, config: Config): string[] {
  const origins = [`${request.protocol}://${request.host}`];
  if (config.publicUrl) origins.push(new URL(config.publicUrl).origin);
  return origins;
}

/**
 * Security on every /api request: cross-site writes refused (Origin / Sec-Fetch-Site), no caching of answers,
 * HSTS when served over TLS, and the route's access level checked on the server.
 */
export function registerRequestGuards(app: FastifyInstance, config: Config) {
  // an https PUBLIC_URL means users reach the app over TLS, whatever the hop between the proxy and us
  const httpsSite = !!config.publicUrl?.startsWith('https://');
  app.addHook('onRequest', async (request, reply) => {
    if (httpsSite || request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (isApiRequest(request)) reply.header('Cache-Control', 'no-store');
    // every write is checked, whatever its path: only the API has write routes, and a new one cannot slip past
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.csrfExempt === true) return;
    // a request with an API token and no cookie carries no ambient credential a foreign page could borrow
    if (request.apiTokenId !== null && request.headers.cookie === undefined) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') {
      request.log.warn({ userId: request.user?.id, route: request.url, ip: request.ip }, 'cross-site write refused');
      return sendError(reply, 'forbidden', 'Cross-site requests are not allowed.');
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !ownOrigins(request, config).includes(origin)) {
      request.log.warn({ userId: request.user?.id, route: request.url, ip: request.ip, origin }, 'foreign origin write refused');
      return sendError(reply, 'forbidden', 'Cross-site requests are not allowed.');
    }
  });

  // onRequest, not preHandler: the session is known by now, and checking access before the body is parsed and
  // validated means an anonymous caller learns nothing from validation messages (401 first, then 400)
  app.addHook('onRequest', async (request, reply) => {
    if (reply.sent) return;
    // keyed on the route that matched, not on the raw target, so no spelling of a URL can step around it
    if (request.is404 || !request.routeOptions.url?.startsWith('/api/')) return;
    const access = request.routeOptions.config?.access ?? 'member';
    const status = checkAccess(access, request.user);
    if (status === 200) {
      if (access === 'public' || request.routeOptions.config?.duringTwoFactorSetup === true) return;
      if (!twoFactorSetupRequired(request.user, request.security)) return;
      request.log.warn({ userId: request.user?.id, route: request.routeOptions.url, method: request.method }, 'two-factor set-up required');
      return sendError(reply, 'two_factor_required', 'Administrators must turn on two-factor sign-in first. Set it up in Profile Settings → Security.');
    }
    if (status === 401) return sendError(reply, 'unauthorized', 'Please sign in to continue.');
    request.log.warn({ userId: request.user?.id, route: request.routeOptions.url, method: request.method, ip: request.ip }, 'access denied');
    return sendError(reply, 'forbidden', accessRefusal(access, request.user));
  });
}

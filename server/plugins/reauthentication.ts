import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { assertRecentlyConfirmed } from '../services/reauthentication.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A sensitive change to the account (its sign-in methods, its data, its other sessions): the session must have
     * confirmed its owner's identity within the last five minutes, else 403 `reauthentication_required`. An API
     * token, on a route that takes one (`tokenScopes`), needs none: its own making was confirmed.
     */
    reauth?: boolean;
  }
}

/**
 * Checks `config.reauth` routes once the request is otherwise admitted (signed in, allowed, body valid), so a
 * caller learns that a confirmation is owed only for a request that would otherwise be carried out.
 */
export function registerReauthGuard(app: FastifyInstance, deps: { db: Db; now: () => Date }) {
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config?.reauth !== true) return;
    // An API token has no session to confirm. It reaches a route only when the route names a scope the token holds,
    // and making that token took a fresh confirmation by the administrator, so a token on such a route is admitted.
    if (request.apiTokenId) return;
    try {
      await assertRecentlyConfirmed(deps, request.sessionId);
    } catch (err) {
      request.log.warn({ userId: request.user?.id, route: request.routeOptions.url, method: request.method }, 'identity confirmation required');
      throw err;
    }
  });
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app.ts';

const PROVIDERS = ['google', 'apple'] as const;

/** Third-party sign-in (OpenID Connect). Without configuration it sends the browser back with a notice. */
export const oauthRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  for (const provider of PROVIDERS) {
    app.get(`/api/auth/${provider}`, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
      if (!ctx.config.oidc[provider]) return reply.redirect(`/login?notice=${provider}-disabled`);
      return reply.redirect(`/login?notice=${provider}-disabled`);
    });
  }
};

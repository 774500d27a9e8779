import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presenceListSchema, presenceQuerySchema } from '../../common/schemas/live.ts';
import type { AppContext } from '../app.ts';
import { LiveHub } from '../live/hub.ts';
import { sendError } from '../plugins/errors.ts';

/**
 * The live socket, `GET /api/ws`: approved members only (the default access, checked on the handshake like any
 * API request, from the session cookie), and only from the app's own pages: a handshake whose Origin is not this
 * site is refused, since a browser sends the cookie whichever site opens the socket. Also the presence of members.
 */
export const liveRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const hub = new LiveHub({ db: ctx.db, database: ctx.database, config: ctx.config, bus: ctx.bus, now: ctx.now, log: app.log });
    ctx.live = hub;
    app.addHook('onReady', () => hub.start());
    app.addHook('preClose', () => hub.stop());

    const allowedOrigins = (host: string, protocol: string) => {
      const origins = new Set([`${protocol}://${host}`]);
      if (ctx.config.publicUrl) origins.add(new URL(ctx.config.publicUrl).origin);
      return origins;
    };

    app.get(
      '/api/ws',
      {
        websocket: true,
        preValidation: async (request, reply) => {
          const origin = request.headers.origin;
          if (!origin || !allowedOrigins(request.host, request.protocol).has(origin)) {
            request.log.warn({ userId: request.user?.id, origin, ip: request.ip }, 'live socket from a foreign origin refused');
            return sendError(reply, 'forbidden', 'Cross-site requests are not allowed.');
          }
        },
      },
      (socket, request) => {
        void hub.accept(socket, request.user!, request.sessionId!);
      },
    );

    app.get('/api/presence', { schema: { querystring: presenceQuerySchema, response: { 200: presenceListSchema } } }, async (request) => ({
      // members the viewer may not see read as offline and never seen (server/policies/member-visibility.ts)
      items: await hub.presence.seenBy(request.user!, request.query.ids),
    }));
  };

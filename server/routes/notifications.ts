import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationPageSchema,
  notificationParams,
  notificationQuerySchema,
  notificationReadAllQuerySchema,
  notificationReadAllSchema,
  notificationSchema,
  unsubscribeBodySchema,
  unsubscribeInfoSchema,
  unsubscribeQuerySchema,
} from '../../common/schemas/notifications.ts';
import type { AppContext } from '../app.ts';
import { describeUnsubscribe, unsubscribeByLink } from '../services/notification-preferences.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../services/notifications.ts';

/**
 * The signed-in member's own notifications (approved members, the default access): the list with its unread
 * counts, marking one read and marking all read (or all of one list). Only the caller's rows are ever read or changed.
 */
export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/notifications', { schema: { querystring: notificationQuerySchema, response: { 200: notificationPageSchema } } }, async (request) =>
      listNotifications(ctx.db, request.user!.id, request.query),
    );

    app.post('/api/notifications/read-all', { schema: { querystring: notificationReadAllQuerySchema, response: { 200: notificationReadAllSchema } } }, async (request) =>
      markAllNotificationsRead(ctx.db, request.user!.id, ctx.now(), request.query.group),
    );

    app.post('/api/notifications/:id/read', { schema: { params: notificationParams, response: { 200: notificationSchema } } }, async (request) =>
      markNotificationRead(ctx.db, request.user!.id, request.params.id, ctx.now()),
    );

    // The unsubscribe link of notification e-mails, for anyone holding it (no sign-in: the signed token is the
    // proof). Reading it changes nothing; only a POST unsubscribes, so a scanner following links stops nothing.
    app.get(
      '/api/notifications/unsubscribe',
      { config: { access: 'public' }, schema: { querystring: unsubscribeQuerySchema, response: { 200: unsubscribeInfoSchema } } },
      async (request) => describeUnsubscribe(ctx.db, ctx.config.sessionSecret, request.query.token, ctx.now()),
    );

    await app.register(async (oneClick) => {
      // Mail providers' one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` form-encoded to the
      // List-Unsubscribe URL from their own servers: this route alone reads a form body, and it skips the
      // cross-site check, since the token in its URL, not a cookie, is what authorises it.
      oneClick.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
      oneClick.withTypeProvider<ZodTypeProvider>().post(
        '/api/notifications/unsubscribe',
        {
          config: { access: 'public', csrfExempt: true },
          schema: { querystring: unsubscribeQuerySchema, body: unsubscribeBodySchema, response: { 200: unsubscribeInfoSchema } },
        },
        async (request) => unsubscribeByLink(ctx.db, ctx.config.sessionSecret, request.query.token, ctx.now()),
      );
    });
  };

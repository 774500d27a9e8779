import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationPageSchema,
  notificationParams,
  notificationQuerySchema,
  notificationReadAllSchema,
  notificationSchema,
} from '../../common/schemas/notifications.ts';
import type { AppContext } from '../app.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../services/notifications.ts';

/**
 * The signed-in member's own notifications (approved members, the default access): the list with its unread
 * count, marking one read and marking all read. Only the caller's rows are ever read or changed.
 */
export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/notifications', { schema: { querystring: notificationQuerySchema, response: { 200: notificationPageSchema } } }, async (request) =>
      listNotifications(ctx.db, request.user!.id, request.query),
    );

    app.post('/api/notifications/read-all', { schema: { response: { 200: notificationReadAllSchema } } }, async (request) =>
      markAllNotificationsRead(ctx.db, request.user!.id, ctx.now()),
    );

    app.post('/api/notifications/:id/read', { schema: { params: notificationParams, response: { 200: notificationSchema } } }, async (request) =>
      markNotificationRead(ctx.db, request.user!.id, request.params.id, ctx.now()),
    );
  };

// /api/notifications (issue 19): the caller's notifications, newest first, with the unread count;
// marking one or all read. Owner only: another user's notification is a 404 like an unknown one.
import {
  apiSuccess,
  notification,
  NOTIFICATION_LIMIT,
  NOTIFICATION_MESSAGES,
  notificationList,
  ok,
} from '@castbook/contracts';
import {
  currentUser,
  errorResponses,
  HttpError,
  type authHook,
  type Database,
  type HttpService,
} from '@castbook/platform';
import { z } from 'zod';
import { listNotifications, markAllRead, markRead } from '../db/notifications.js';

const LIMIT_MESSAGE = `must be a whole number from 1 to ${NOTIFICATION_LIMIT.max}`;
const query = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(NOTIFICATION_LIMIT.max, { error: LIMIT_MESSAGE })
    .default(NOTIFICATION_LIMIT.default)
    .describe(`Notifications to list: 1 to ${NOTIFICATION_LIMIT.max}, default ${NOTIFICATION_LIMIT.default}`),
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function notificationRoutes(app: HttpService, db: Database, signedIn: ReturnType<typeof authHook>): void {
  app.get(
    '/api/notifications',
    {
      onRequest: signedIn,
      schema: {
        summary: "The caller's notifications, newest first, and how many are unread",
        querystring: query,
        response: { 200: apiSuccess(notificationList), ...errorResponses(400, 401) },
      },
    },
    async (req) => ok(await listNotifications(db.pool, currentUser(req).userId, req.query.limit)),
  );

  app.post(
    '/api/notifications/read-all',
    {
      onRequest: signedIn,
      schema: {
        summary: "Marks all the caller's notifications read",
        response: { 200: apiSuccess(z.object({ marked: z.number().int().min(0) })), ...errorResponses(401) },
      },
    },
    async (req) => ok({ marked: await markAllRead(db.pool, currentUser(req).userId) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Marks one notification read (again: it keeps the time it was first read)',
        params: z.object({ id: z.string() }),
        response: { 200: apiSuccess(notification), ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      // Not a uuid: no such notification (not a database error).
      const found = UUID.test(req.params.id)
        ? await markRead(db.pool, currentUser(req).userId, req.params.id)
        : undefined;
      if (!found) throw new HttpError(404, NOTIFICATION_MESSAGES.notFound);
      return ok(found);
    },
  );
}

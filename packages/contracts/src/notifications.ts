// Notifications (issue 19; PRODUCT.md: "the notifications button lists the user's recent analysis
// completions and failures"), plus the billing notices a user must act on: a trial about to end and
// a failed payment. Owned by the projects service (docs/decisions.md, "Notifications"); declared here
// for its response schemas and the browser's bell.
import { z } from 'zod';

export const NOTIFICATION_KINDS = ['analysis_completed', 'analysis_failed', 'trial_ending', 'payment_failed'] as const;
export const notificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKind>;

export const notification = z.object({
  id: z.string(),
  kind: notificationKind,
  title: z.string().describe('One line: what happened'),
  message: z.string().describe('The detail: which project, what failed, when the trial ends'),
  /** The app page it leads to: the project's workspace, or the subscription page. */
  link: z.string(),
  projectId: z.string().nullable(),
  createdAt: z.string().datetime({ offset: true }),
  readAt: z.string().datetime({ offset: true }).nullable(),
});
export type Notification = z.infer<typeof notification>;

/** GET /api/notifications: the newest first, and how many of all the user's are unread. */
export const notificationList = z.object({
  notifications: z.array(notification),
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationList>;

export const NOTIFICATION_LIMIT = { default: 20, max: 100 } as const;
export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
} as const;

import { z } from "zod";
import { NOTIFICATION_DISABLED_REASONS } from "./user";
import type { Calls } from "../apiContract";
import { okSchema } from "./auth";

// E-mail notifications (the /notifications page, spec sections 2 and 4).

/** Which e-mails the member gets, and why they may all be off (complaint, bounce, unsubscribe). */
export const notificationSettingsSchema = z.object({
  messages: z.boolean(),
  likes: z.boolean(),
  matches: z.boolean(),
  disabled: z.array(z.enum(NOTIFICATION_DISABLED_REASONS)),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/notifications.php: the choices; `reenable` turns e-mails back on after they were disabled. */
export const updateNotificationsSchema = z
  .object({ messages: z.boolean(), likes: z.boolean(), matches: z.boolean(), reenable: z.boolean().optional() })
  .strict();
export type UpdateNotifications = z.infer<typeof updateNotificationsSchema>;

/** The token of an unsubscribe link (member id and signature). */
export const unsubscribeQuerySchema = z.object({ token: z.string({ error: "errors.link_invalid" }).max(80, { error: "errors.link_invalid" }) }).strict();

/** POST /api/mail-events.php: bounces and spam complaints reported by the mail provider. */
export const mailEventsSchema = z
  .object({
    events: z
      .array(z.object({ type: z.enum(["bounce", "complaint"]), email: z.string().max(254) }).strict())
      .min(1)
      .max(1000),
  })
  .strict();
export type MailEvents = z.infer<typeof mailEventsSchema>;

/** The member's e-mail choices (shared by the routes and the web client). */
export const notificationsCalls = {
  "GET /api/notifications.php": { response: { 200: notificationSettingsSchema } },
  "PUT /api/notifications.php": { body: updateNotificationsSchema, response: { 200: notificationSettingsSchema } },
  // The mail program's one-click POST (RFC 8058) sends a form the route does not read.
  "POST /api/unsubscribe.php": { querystring: unsubscribeQuerySchema, body: z.unknown(), response: { 200: okSchema } },
} as const satisfies Calls;

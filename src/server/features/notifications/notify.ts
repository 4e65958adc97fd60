import { type Db, preparedRows } from "../../db/client";
import { jobsPart } from "../../jobs/queue";

/** What a member is told about, by e-mail and by Web Push. */
export type NotificationKind = "message" | "like" | "match";

/** The job payload of a notification: who is told, about whom, and where the link goes. */
export interface NotificationPayload {
  kind: NotificationKind;
  /** The member who is told. */
  to: number;
  /** The member who wrote or liked. */
  from: number;
  conversation?: number;
  message?: number;
  /** The site's address as the member used it (links in the mail and the push). */
  origin: string;
}

export const NOTIFY_MAIL_JOB = "notify-mail";
export const NOTIFY_PUSH_JOB = "notify-push";

/**
 * Queues the notifications of an event in the transaction that records it, so that an accepted
 * message or like is always announced and never twice. Push goes at once, and only to a member with
 * a browser subscribed (most have none: a job would only find that out); the e-mail about a message
 * waits `mailDelayMs` and is dropped when the member has read it by then. Answers whether a job is
 * due now.
 */
export async function enqueueNotification(tx: Db, notification: NotificationPayload, mailDelayMs: number): Promise<boolean> {
  const delay = notification.kind === "message" ? mailDelayMs : 0;
  const added = await preparedRows<{ due: boolean }>(tx, "notify_enqueue", ENQUEUE_NOTIFICATION, [JSON.stringify(notification), notification.to, delay]);
  return added.some((job) => job.due);
}

/**
 * Queues only the push of an event, in its transaction: a missed call, which is worth knowing at once
 * on a member's phone and not in a mail that comes later (calls.service.ts). Answers whether it is due now.
 */
export async function enqueuePush(tx: Db, notification: NotificationPayload): Promise<boolean> {
  const added = await preparedRows<{ due: boolean }>(tx, "notify_enqueue_push", ENQUEUE_PUSH, [JSON.stringify(notification), notification.to]);
  return added.some((job) => job.due);
}

/** The push job of a notification, for a member with a browser subscribed (most have none: a job would only find that out). */
function pushJob(p: { source: string; payload: string; to: string }) {
  return { kind: NOTIFY_PUSH_JOB, payload: p.payload, from: p.source, where: `EXISTS (SELECT 1 FROM push_subscriptions WHERE user_id = ${p.to})` };
}

/**
 * The WITH part that queues a notification's jobs (see enqueueNotification) for each row of `source`,
 * in a statement that records the event: `jobs` answers for each job whether it is due now.
 * Arguments are SQL expressions; `payload` may read the source's columns.
 */
export function notificationJobsPart(p: { source: string; payload: string; to: string; delayMs: string }): string {
  return jobsPart("jobs", [
    pushJob(p),
    { kind: NOTIFY_MAIL_JOB, payload: p.payload, runAt: `now() + ${p.delayMs}::float8 * interval '1 millisecond'`, from: p.source },
  ]);
}

// Both jobs in one named prepared statement (parsed and planned once per connection): every like,
// match and first message of a conversation runs it, in the transaction that records the event.
const ENQUEUE_NOTIFICATION = `WITH ${notificationJobsPart({ source: "(SELECT 1) AS event", payload: "$1::jsonb", to: "$2", delayMs: "$3" })} SELECT due FROM jobs`;
const ENQUEUE_PUSH = `WITH ${jobsPart("jobs", [pushJob({ source: "(SELECT 1) AS event", payload: "$1::jsonb", to: "$2::int" })])} SELECT due FROM jobs`;

import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pushSubscriptions } from "../../db/schema";
import { enqueueMany } from "../../jobs/queue";

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
  const payload = { ...notification } as Record<string, unknown>;
  const delay = notification.kind === "message" ? mailDelayMs : 0;
  const due = await enqueueMany(tx, [
    { kind: NOTIFY_PUSH_JOB, payload, onlyIf: sql`EXISTS (SELECT 1 FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${notification.to})` },
    { kind: NOTIFY_MAIL_JOB, payload, runAt: delay > 0 ? new Date(Date.now() + delay) : undefined },
  ]);
  return due > 0;
}

import type { OutgoingMail } from "../adapters/mailer";
import type { Db } from "../db/client";
import { enqueue } from "../jobs/queue";

export const MAIL_JOB = "mail";

/** A queued mail; `userId` names the member it goes to, so that a hard bounce can be recorded. */
export interface MailJob extends OutgoingMail {
  userId?: number;
}

/** Queues a mail in the caller's transaction; the job queue sends it and retries on failure. */
export async function enqueueMail(db: Db, mail: MailJob): Promise<void> {
  await enqueue(db, MAIL_JOB, { ...mail });
}

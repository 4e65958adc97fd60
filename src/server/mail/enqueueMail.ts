import type { OutgoingMail } from "../adapters/mailer";
import type { Db } from "../db/client";
import { attemptsFor, enqueue } from "../jobs/queue";

export const MAIL_JOB = "mail";

/**
 * A queued mail; `userId` names the member it goes to, so that a hard bounce can be recorded.
 * `about` lists every member whose data the mail holds (the recipient, the member it tells about):
 * erasing one of them deletes the job, sent or not (AccountDeletionService.erase).
 */
export interface MailJob extends OutgoingMail {
  userId?: number;
  about?: number[];
}

/** How long a mail is retried while the mail server fails (refused addresses are not retried): as long as mail servers queue mail. */
const MAIL_RETRY_DAYS = 5;
export const MAIL_JOB_ATTEMPTS = attemptsFor(MAIL_RETRY_DAYS);

/** Queues a mail in the caller's transaction; the job queue sends it and retries on failure. */
export async function enqueueMail(db: Db, mail: MailJob): Promise<void> {
  await enqueue(db, MAIL_JOB, { ...mail }, { maxAttempts: MAIL_JOB_ATTEMPTS });
}

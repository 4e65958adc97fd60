import type { Db } from "../db/client";
import { enqueue } from "../jobs/queue";
import type { MailContent } from "./mailTemplates";

export const MAIL_JOB = "mail";

/** Queues a mail in the caller's transaction; the job queue sends it and retries on failure. */
export async function enqueueMail(db: Db, mail: MailContent & { to: string; from: string }): Promise<void> {
  await enqueue(db, MAIL_JOB, { ...mail });
}

import type { Mailer } from "../adapters/mailer";
import type { JobHandler } from "../jobs/queue";
import type { MailJob } from "./enqueueMail";

/**
 * The mail job: sends, and lets the queue retry on a passing failure. A permanent refusal (an SMTP
 * 5xx answer, such as 550 "no such user") of a mail to a member is a hard bounce: it is recorded
 * (their notifications stop) and the mail is not tried again.
 */
export function sendMailJob(mailer: Mailer, onHardBounce: (userId: number) => Promise<void>): JobHandler {
  return async (payload) => {
    const { userId, about: _about, ...mail } = payload as unknown as MailJob;
    try {
      await mailer.send(mail);
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      if (userId !== undefined && typeof code === "number" && code >= 500 && code < 600) {
        await onHardBounce(userId);
        return;
      }
      throw err;
    }
  };
}

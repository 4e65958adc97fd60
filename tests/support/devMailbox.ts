import type { StoredMail } from "../../src/server/adapters/mailer.devMailbox";
import type { TestApp } from "./testApp";

/** A mail as GET /dev/mail.json answers it. */
export type DevMail = StoredMail;

/** The mails the dev mailbox holds for an address, newest first, once the job worker sent at least `count` (none after 2 s). */
export async function devMails(t: TestApp, email: string, count = 1): Promise<DevMail[]> {
  for (let i = 0; i < 100; i++) {
    await t.server.worker.drain();
    const { mails } = (await (await fetch(`${t.baseUrl}/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as { mails: DevMail[] };
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}

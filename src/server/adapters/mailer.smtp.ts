import nodemailer from "nodemailer";
import type { Mailer, OutgoingMail } from "./mailer";

/** Production mail through SMTP_URL. */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(smtpUrl: string) {
    // Pooled: a notification per chat message would otherwise open (and close) one SMTP connection
    // per mail, and the job worker runs its jobs one after the other. The URL's own options win.
    this.transport = nodemailer.createTransport({ url: smtpUrl, pool: true });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail(mail);
  }

  close(): void {
    this.transport.close();
  }
}

import nodemailer from "nodemailer";
import type { Mailer, OutgoingMail } from "./mailer";

/** Production mail through SMTP_URL. */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(smtpUrl: string) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail(mail);
  }

  close(): void {
    this.transport.close();
  }
}

export interface OutgoingMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Sends one e-mail or throws (the job queue retries). */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

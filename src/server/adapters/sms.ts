import { type JsonRecord, newRecordId, readJsonRecords, writeJsonRecord } from "./jsonRecords";

/** A text message to a phone number in E.164 form. */
export interface OutgoingSms {
  to: string;
  text: string;
}

export interface SmsSender {
  send(sms: OutgoingSms): Promise<void>;
}

export interface StoredSms extends OutgoingSms, JsonRecord {}

/**
 * The embedded default's SMS outbox: every text the site sends is kept under DATA_DIR/sms and shown
 * at /dev/sms, like the dev mailbox. Never used in production.
 */
export class DevSmsOutbox implements SmsSender {
  constructor(private readonly dir: string) {}

  async send(sms: OutgoingSms): Promise<void> {
    const date = new Date().toISOString();
    await writeJsonRecord(this.dir, { ...sms, id: newRecordId(date), date } satisfies StoredSms);
  }

  /** Texts newest first, optionally only those to `to`. */
  async list(to?: string): Promise<StoredSms[]> {
    const texts = await readJsonRecords<StoredSms>(this.dir);
    return to ? texts.filter((s) => s.to === to) : texts;
  }
}

/**
 * Production: an HTTP SMS gateway. The text is POSTed as JSON `{to, text}` with a bearer token to
 * SMS_URL; most gateways (or a small relay in front of one) take this form. Anything but 2xx throws,
 * so the job queue retries.
 */
export class HttpSmsGateway implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
  ) {}

  async send(sms: OutgoingSms): Promise<void> {
    const response = await fetch(this.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify(sms),
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}

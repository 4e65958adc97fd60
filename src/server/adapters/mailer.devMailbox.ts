import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { type JsonRecord, newRecordId, readJsonRecords, writeJsonRecord } from "./jsonRecords";
import type { Mailer, OutgoingMail } from "./mailer";

export interface StoredMail extends OutgoingMail, JsonRecord {}

/**
 * The embedded default's mailbox: nodemailer builds the real message, which is kept under
 * DATA_DIR/mail (the .eml and a JSON summary) and shown at /dev/mail. Never used in production.
 */
export class DevMailbox implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true });

  constructor(private readonly dir: string) {}

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail(mail);
    const date = new Date().toISOString();
    const id = newRecordId(date);
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, `${id}.eml`), info.message as Buffer);
    await writeJsonRecord(this.dir, { ...mail, id, date } satisfies StoredMail);
  }

  /** Mails newest first, optionally only those to `to`. */
  async list(to?: string): Promise<StoredMail[]> {
    const mails = await readJsonRecords<StoredMail>(this.dir);
    return to ? mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : mails;
  }

  async get(id: string): Promise<StoredMail | null> {
    if (!/^[\w-]+$/.test(id)) return null;
    try {
      return JSON.parse(await readFile(join(this.dir, `${id}.json`), "utf8")) as StoredMail;
    } catch {
      return null;
    }
  }

  close(): void {}
}

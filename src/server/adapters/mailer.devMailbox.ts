import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Mailer, OutgoingMail } from "./mailer";

export interface StoredMail extends OutgoingMail {
  id: string;
  date: string;
}

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
    const id = `${date.replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, `${id}.eml`), info.message as Buffer);
    // Write then rename, so a reader never sees half a file.
    const tmp = join(this.dir, `${id}.json.tmp`);
    await writeFile(tmp, JSON.stringify({ ...mail, id, date } satisfies StoredMail));
    await rename(tmp, join(this.dir, `${id}.json`));
  }

  /** Mails newest first, optionally only those to `to`. */
  async list(to?: string): Promise<StoredMail[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const files = names.filter((n) => n.endsWith(".json")).sort().reverse();
    const mails = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(this.dir, f), "utf8")) as StoredMail));
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

import { createECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";

// A push service on 127.0.0.1 that plays the browser's side too: it makes the subscription's keys,
// and decrypts what the server sends with them (RFC 8291, aes128gcm) as the browser would.

interface Ece {
  decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ReturnType<typeof createECDH>; authSecret: string }): Buffer;
}
// http_ece (a dependency of web-push) ships no types.
const ece = createRequire(import.meta.url)("http_ece") as Ece;

export interface ReceivedPush {
  /** The subscription's name (last path segment of its endpoint). */
  name: string;
  headers: IncomingHttpHeaders;
  /** The decrypted JSON the service worker would get. */
  message: Record<string, unknown>;
}

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export async function startFakePushService() {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  /** Status codes to answer, per subscription name, one per request; 201 when none is left. */
  const answers = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const attempts: string[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const name = (req.url ?? "").split("/").pop() ?? "";
      attempts.push(name);
      const status = answers.get(name)?.shift() ?? 201;
      const browser = browsers.get(name);
      if (status === 201 && browser) {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: browser.ecdh, authSecret: browser.auth });
        received.push({ name, headers: req.headers, message: JSON.parse(plain.toString("utf8")) as Record<string, unknown> });
      }
      res.writeHead(browser ? status : 404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    received,
    /** Every request, by subscription name, also the refused ones. */
    attempts,
    /** A new browser subscription with fresh keys, as PushSubscription.toJSON() gives it. */
    subscription(name: string): FakeSubscription {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16).toString("base64url");
      browsers.set(name, { ecdh, auth });
      return { endpoint: `${base}/push/${name}`, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth } };
    },
    /** Answer the next requests for `name` with these statuses. */
    answer(name: string, ...statuses: number[]) {
      answers.set(name, [...(answers.get(name) ?? []), ...statuses]);
    },
    to(name: string) {
      return received.filter((r) => r.name === name);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import webpush from "web-push";

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushDelivery {
  /** Seconds the push service keeps the message for an offline browser. */
  ttl: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** Replaces an undelivered message with the same topic at the push service (base64url, at most 32 characters). */
  topic?: string;
  /** VAPID keys and contact (mailto: or https:) the push service may use to reach the operator. */
  vapid: { subject: string; publicKey: string; privateKey: string };
}

/**
 * How one delivery ended. `gone`: the push service says the subscription no longer exists (404, 410),
 * so it is deleted. `retry`: worth trying again later (network, timeout, 429, 5xx). `rejected`: the
 * push service refused this request for good (400, 401, 403, 413, ...); retrying would not help.
 */
export type PushOutcome =
  | { result: "sent" }
  | { result: "gone"; status: number }
  | { result: "retry"; reason: string }
  | { result: "rejected"; reason: string };

/** Delivers one encrypted message to one browser through its push service. */
export interface PushSender {
  send(target: PushTarget, payload: string, delivery: PushDelivery): Promise<PushOutcome>;
}

const TIMEOUT_MS = 10_000;

/**
 * Web Push with the `web-push` library for what it is good at (aes128gcm encryption of the payload,
 * VAPID signature), and fetch for the request itself: web-push's own sender speaks only https, which
 * would keep tests from playing the push service on http://127.0.0.1 (the subscription schema allows
 * that only in the test environment). Redirects are not followed: a push service never redirects.
 */
export class WebPushSender implements PushSender {
  async send(target: PushTarget, payload: string, delivery: PushDelivery): Promise<PushOutcome> {
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        TTL: delivery.ttl,
        urgency: delivery.urgency,
        topic: delivery.topic,
        vapidDetails: delivery.vapid,
        contentEncoding: "aes128gcm",
      });
    } catch (err) {
      // A subscription key that is no point on the curve: encrypting for it can never work.
      return { result: "rejected", reason: `cannot encrypt: ${(err as Error).message}` };
    }
    // fetch sets Content-Length itself from the body.
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name.toLowerCase() !== "content-length")
        .map(([name, value]) => [name, String(value)]),
    );
    let response: Response;
    try {
      response = await fetch(details.endpoint, {
        method: "POST",
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
    } catch (err) {
      return { result: "retry", reason: (err as Error).message };
    }
    const status = response.status;
    if (status >= 200 && status < 300) return { result: "sent" };
    if (status === 404 || status === 410) return { result: "gone", status };
    if (status === 429 || status >= 500) return { result: "retry", reason: `push service answered ${status}` };
    return { result: "rejected", reason: `push service answered ${status}` };
  }
}

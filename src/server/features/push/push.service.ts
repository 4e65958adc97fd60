import { createPublicKey } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Language } from "../../../common/locales";
import { isAcceptableEndpoint, PUSH_KINDS, type PushMessage, type PushSubscriptionInput } from "../../../common/schemas/push";
import type { PushDelivery, PushSender } from "../../adapters/pushSender";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { enqueue } from "../../jobs/queue";
import type { MemberRecord } from "../auth/auth.repo";
import { NOTIFY_PUSH_JOB } from "../notifications/notify";
import {
  deleteGoneSubscription,
  deleteSubscription,
  findPushMessage,
  findPushRecipient,
  findPushSender,
  type PushSubscriptionRow,
  subscriptionsOf,
  trimSubscriptions,
  upsertSubscription,
} from "./push.repo";
import { buildPushMessage } from "./pushMessage";
import type { VapidKeys } from "./vapidKeys";

/** How long a push service keeps a notification for a browser that is offline: after a day it is old news. */
export const PUSH_TTL_SECONDS = 86_400;
/** Browsers a member may have subscribed at once; the oldest go first. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;
/** The first retry of a browser whose push service failed waits this long; the job queue backs off after that. */
const RETRY_DELAY_MS = 10_000;

/**
 * The payload of a push job: the notification (notify.ts), and for a retry the one endpoint it is for
 * and when the first delivery was tried (a retry after the TTL would announce old news).
 */
const pushJobSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  to: z.number().int(),
  from: z.number().int(),
  conversation: z.number().int().optional(),
  message: z.number().int().optional(),
  origin: z.string(),
  endpoint: z.string().optional(),
  firstTriedAt: z.number().optional(),
});
type PushJob = z.infer<typeof pushJobSchema>;

export type PushJobResult = { result: "skipped"; reason: string } | { result: "done"; sent: number; gone: number; retrying: number; rejected: number };

/** Turns the keys of a subscription into a point on P-256, or fails: a key that is no point can never be encrypted for. */
function isP256Point(p256dh: string): boolean {
  const raw = Buffer.from(p256dh, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) return false;
  try {
    createPublicKey({
      key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") },
      format: "jwk",
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Web Push: members' browser subscriptions, and the job that tells them about messages, likes and
 * matches.
 *
 * Delivery and retries: one notification job fans out to all of the member's browsers. A browser
 * whose push service answers 404 or 410 is forgotten. A browser whose push service fails in a way
 * worth retrying (network, timeout, 429, 5xx) gets a job of its own, for that endpoint only, and the
 * notification job still ends as done: a retry therefore never sends the notification again to the
 * browsers that already got it. That per-endpoint job throws while the push service keeps failing,
 * so the job queue retries it with its backoff, until the TTL has passed (then it is dropped). Other
 * refusals (400, 401, 403, 413) would fail the same way again: logged, not retried. The only
 * duplicate left is a process dying halfway through a fan-out (the queue runs the job again after its
 * lock expires); the notification's tag then replaces the first copy on screen.
 */
export class PushService {
  constructor(
    private readonly db: Db,
    private readonly sender: PushSender,
    private readonly keys: VapidKeys,
    private readonly log: FastifyBaseLogger,
    /** VAPID contact from the environment; else the site's support address. */
    private readonly subject: string | undefined,
  ) {}

  get publicKey(): string {
    return this.keys.publicKey;
  }

  /**
   * Stores this browser's subscription for the member (POST /api/user.php?push=1). An endpoint belongs
   * to one member: another member gets it only by posting the same auth secret, which only the
   * browser holding the subscription knows (a member who logs in on a browser someone else used);
   * knowing the endpoint alone answers 409 and changes nothing. The endpoint must be a push service's
   * (isAcceptableEndpoint); `allowLoopbackHttp` only where tests play the push service.
   */
  async subscribe(member: MemberRecord, input: PushSubscriptionInput, options: { allowLoopbackHttp?: boolean } = {}): Promise<void> {
    if (!isAcceptableEndpoint(input.endpoint, options.allowLoopbackHttp)) throw new AppError(400, "field_invalid", undefined, "endpoint");
    const p256dh = input.keys.p256dh.replace(/=+$/, "");
    const auth = input.keys.auth.replace(/=+$/, "");
    if (!isP256Point(p256dh)) throw new AppError(400, "field_invalid", undefined, "keys.p256dh");
    await this.db.transaction(async (tx) => {
      if (!(await upsertSubscription(tx, member.user.id, { endpoint: input.endpoint, p256dh, auth }))) throw new AppError(409, "push_endpoint_taken");
      await trimSubscriptions(tx, member.user.id, PUSH_SUBSCRIPTIONS_PER_MEMBER);
    });
  }

  /** Forgets this browser's subscription of the member (DELETE /api/user.php?push=1); answers whether it existed. */
  unsubscribe(member: MemberRecord, endpoint: string): Promise<boolean> {
    return deleteSubscription(this.db, member.user.id, endpoint);
  }

  /** The job handler of NOTIFY_PUSH_JOB. Throws only to have the queue retry a single-endpoint job. */
  async handle(raw: Record<string, unknown>): Promise<PushJobResult> {
    const parsed = pushJobSchema.safeParse(raw);
    if (!parsed.success) return { result: "skipped", reason: "bad payload" };
    const job = parsed.data;
    const firstTriedAt = job.firstTriedAt ?? Date.now();
    const ageSeconds = (Date.now() - firstTriedAt) / 1000;
    if (ageSeconds >= PUSH_TTL_SECONDS) return { result: "skipped", reason: "expired" };

    // Most members have no browser subscribed: find that out with the first, indexed query.
    const targets = await subscriptionsOf(this.db, job.to, job.endpoint);
    if (targets.length === 0) return { result: "skipped", reason: "no subscription" };
    const message = await this.compose(job);
    if (typeof message === "string") return { result: "skipped", reason: message };

    const recipient = message.recipient;
    const delivery: PushDelivery = {
      ttl: Math.max(0, Math.floor(PUSH_TTL_SECONDS - ageSeconds)),
      urgency: job.kind === "like" ? "normal" : "high",
      topic: message.push.tag,
      vapid: { ...this.keys, subject: this.subject ?? vapidSubjectOf(recipient.site) },
    };
    const payload = JSON.stringify(message.push);
    const outcomes = await Promise.all(targets.map(async (target) => ({ target, outcome: await this.sender.send(target, payload, delivery) })));

    const counts = { sent: 0, gone: 0, retrying: 0, rejected: 0 };
    const failedRetry: string[] = [];
    for (const { target, outcome } of outcomes) {
      switch (outcome.result) {
        case "sent":
          counts.sent += 1;
          break;
        case "gone":
          counts.gone += 1;
          await deleteGoneSubscription(this.db, target.endpoint, target.p256dh);
          break;
        case "retry":
          counts.retrying += 1;
          if (job.endpoint) failedRetry.push(outcome.reason);
          else await this.retryLater(job, target, firstTriedAt);
          this.log.info({ userId: job.to, host: hostOf(target), reason: outcome.reason }, "push delivery will be retried");
          break;
        case "rejected":
          counts.rejected += 1;
          this.log.warn({ userId: job.to, host: hostOf(target), reason: outcome.reason }, "push service refused a notification");
          break;
      }
    }
    // A single-endpoint job fails so that the queue retries it (with its backoff).
    if (failedRetry.length > 0) throw new Error(`push delivery failed: ${failedRetry[0]}`);
    return { result: "done", ...counts };
  }

  private async retryLater(job: PushJob, target: PushSubscriptionRow, firstTriedAt: number): Promise<void> {
    const payload: Record<string, unknown> = { ...job, endpoint: target.endpoint, firstTriedAt };
    await enqueue(this.db, NOTIFY_PUSH_JOB, payload, { runAt: new Date(Date.now() + RETRY_DELAY_MS) });
  }

  /** The notification to send, or why there is none. */
  private async compose(job: PushJob): Promise<{ push: PushMessage; recipient: NonNullable<Awaited<ReturnType<typeof findPushRecipient>>> } | string> {
    const recipient = await findPushRecipient(this.db, job.to);
    if (!recipient?.canLogin || recipient.deletionRequestedAt) return "recipient cannot be told";
    const sender = await findPushSender(this.db, job.from, job.to);
    if (!sender || sender.siteId !== recipient.siteId || !sender.reachable) return "sender not reachable";
    if (sender.blocked) return "blocked";

    let message: Awaited<ReturnType<typeof findPushMessage>> | null = null;
    if (job.kind === "message") {
      if (!job.conversation || !job.message) return "message without conversation";
      message = await findPushMessage(this.db, job.message, job.conversation, job.to);
      if (!message || message.senderId !== job.from) return "message not found";
      // Read on another device before the push went out: nothing to announce.
      if (message.readUpTo >= job.message) return "already read";
    }
    const publicThumb = sender.thumbFilename && sender.photoStatus === "approved" ? `/photos/${sender.thumbFilename}` : null;
    const push = buildPushMessage({
      kind: job.kind,
      language: recipient.language as Language,
      origin: job.origin.replace(/\/$/, ""),
      cdnPrefix: recipient.site.settings.cdn_prefix,
      senderId: sender.id,
      senderName: sender.name,
      senderThumb: publicThumb,
      conversation: job.conversation,
      message: message ? { kind: message.kind, body: message.body, attachment: message.attachment } : undefined,
      at: message?.createdAt ?? new Date(),
    });
    return { push, recipient };
  }
}

/** VAPID contact of a site: its support address, or a no-reply address at its domain. */
export function vapidSubjectOf(site: { domain: string; settings: { support_email: string } }): string {
  const email = site.settings.support_email.trim();
  if (/^[^\s@]+@[^\s@]+$/.test(email)) return `mailto:${email}`;
  const domain = site.domain.includes(".") ? site.domain : `${site.domain}.test`;
  return `mailto:noreply@${domain}`;
}

function hostOf(target: PushSubscriptionRow): string {
  try {
    return new URL(target.endpoint).host;
  } catch {
    return "?";
  }
}

import type { PubSub } from "../../adapters/pubsub";
import type { MemberRecord } from "./auth.repo";

const CHANNEL = "member-changed";

/**
 * Logged-in members by session token hash, kept for a moment so that a burst of calls does not read
 * the same rows again and again. Whoever changes a member's account, profile, credits or sessions
 * calls `changed(userId)`: every instance drops that member at once (pub/sub). The short lifetime
 * bounds what a missed call could leave stale.
 *
 * Rule for a pub/sub outage: this instance keeps members only while it hears the others'
 * `changed` calls (pub/sub live). When it stops hearing them (Redis lost) it forgets every member
 * and caches none, reading each request's member from the database; when it hears them again it
 * starts empty, since changes made meanwhile were not heard. So a copy is never older than the
 * short lifetime, whatever Redis does. (A `changed` whose publish fails while this instance still
 * hears, e.g. a timeout, is bounded by the lifetime too.)
 */
export class MemberCache {
  private readonly byToken = new Map<string, { record: MemberRecord; at: number }>();
  private readonly tokensOfUser = new Map<number, Set<string>>();
  /** Counts changes; a read that started before a change must not be cached after it. */
  private changes = 0;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly pubsub: PubSub,
    private readonly ttlMs = 2000,
    private readonly maxEntries = 50_000,
  ) {
    pubsub.onLiveChange(() => {
      this.changes += 1;
      this.clear();
    });
  }

  async start(): Promise<void> {
    this.unsubscribe = await this.pubsub.subscribe(CHANNEL, (message) => this.drop(Number(message)));
  }

  stop(): void {
    this.unsubscribe?.();
  }

  get(tokenHash: string): MemberRecord | null {
    const hit = this.byToken.get(tokenHash);
    if (!hit) return null;
    if (Date.now() - hit.at > this.ttlMs) {
      this.byToken.delete(tokenHash);
      return null;
    }
    return hit.record;
  }

  /** Take before reading the database; pass to `set`. */
  stamp(): number {
    return this.changes;
  }

  set(tokenHash: string, record: MemberRecord, stamp: number): void {
    if (stamp !== this.changes || !this.pubsub.isLive()) return;
    if (this.byToken.size >= this.maxEntries) this.clear();
    this.byToken.set(tokenHash, { record, at: Date.now() });
    let tokens = this.tokensOfUser.get(record.user.id);
    if (!tokens) {
      tokens = new Set();
      this.tokensOfUser.set(record.user.id, tokens);
    }
    tokens.add(tokenHash);
  }

  /** The member's data or sessions changed: forget them here and on every other instance. Never fails (see PubSub.publish). */
  async changed(userId: number): Promise<void> {
    this.drop(userId);
    await this.pubsub.publish(CHANNEL, String(userId));
  }

  private drop(userId: number): void {
    this.changes += 1;
    for (const token of this.tokensOfUser.get(userId) ?? []) this.byToken.delete(token);
    this.tokensOfUser.delete(userId);
  }

  private clear(): void {
    this.byToken.clear();
    this.tokensOfUser.clear();
  }
}

/** Conversations remembered at once; a member types in a few at a time, and the event budget bounds the rest. */
const MAX_REMEMBERED = 64;

/**
 * Coalesces a member's typing signals: the partner needs one per conversation every `everyMs` (the
 * indicator stays up longer than that), so the ones in between are dropped before they cost a query.
 */
export class TypingThrottle {
  private readonly last = new Map<number, number>();

  constructor(private readonly everyMs: number) {}

  /** Whether a typing signal in `conversation` goes on to the partner now. */
  allow(conversation: number, now = performance.now()): boolean {
    const at = this.last.get(conversation);
    if (at !== undefined && now - at < this.everyMs) return false;
    if (at === undefined && this.last.size >= MAX_REMEMBERED) {
      for (const [c, t] of this.last) if (now - t >= this.everyMs) this.last.delete(c);
      if (this.last.size >= MAX_REMEMBERED) return false;
    }
    this.last.set(conversation, now);
    return true;
  }
}

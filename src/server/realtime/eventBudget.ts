/** What becomes of an event a socket sent. */
export type Verdict = "accept" | "drop" | "close";

export interface EventBudgetLimits {
  /** Events accepted at once. */
  burst: number;
  /** Events accepted per second after that. */
  perSecond: number;
  /** Dropped events in a row (none accepted in between) after which the socket is closed. */
  closeAfterDrops: number;
}

/**
 * A socket's budget of incoming events, a token bucket: `burst` at once, then `perSecond`. Events over
 * it are dropped before anything reads them; a socket that keeps sending into an empty bucket is
 * flooding, and is to be closed.
 */
export class EventBudget {
  private tokens: number;
  private drops = 0;

  constructor(
    private readonly limits: EventBudgetLimits,
    private last = performance.now(),
  ) {
    this.tokens = limits.burst;
  }

  take(now = performance.now()): Verdict {
    this.tokens = Math.min(this.limits.burst, this.tokens + ((now - this.last) * this.limits.perSecond) / 1000);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.drops = 0;
      return "accept";
    }
    this.drops += 1;
    return this.drops >= this.limits.closeAfterDrops ? "close" : "drop";
  }
}

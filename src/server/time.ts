/** Seconds until the next midnight UTC: daily limits reset then. */
export function secondsToUtcMidnight(now = new Date()): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/** Today's date (UTC) as YYYY-MM-DD, for keys of daily limits. */
export function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

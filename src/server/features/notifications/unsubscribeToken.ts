import { createHmac, timingSafeEqual } from "node:crypto";

// The token of an unsubscribe link: the member's id signed with the server's secret (HMAC-SHA256),
// so that a link works without a login, for years, and cannot be made for another member.

const sign = (secret: string, userId: number) => createHmac("sha256", secret).update(`unsubscribe:${userId}`).digest("base64url");

export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${sign(secret, userId)}`;
}

/** The member id of a valid token, or null. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const expected = Buffer.from(sign(secret, userId));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

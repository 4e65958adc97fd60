import { randomBytes } from "node:crypto";
import { hashToken } from "../auth/tokens";

/** A share link's token: 128 random bits, URL-safe (22 characters, DATE_SHARE_TOKEN_PATTERN). */
export function newDateShareToken(): string {
  return randomBytes(16).toString("base64url");
}

/** What the database keeps of a token: its SHA-256 (a leaked table opens no link). */
export const dateShareTokenHash = hashToken;

import type { ErrorCode } from "../../../common/errors";
import { harassmentLanguages, looksHarassing } from "../../../common/harassment";
import { type ScamKind, scamSignals } from "../../../common/scamSignals";

/** The draft as the server will judge it: trimmed, and at most the site's message length. */
export function draftState(text: string, maxLength: number): { length: number; empty: boolean; tooLong: boolean } {
  const length = text.trim().length;
  return { length, empty: length === 0, tooLong: length > maxLength };
}

/** A fresh Idempotency-Key: 32 random hex digits (works outside secure contexts too, unlike randomUUID). */
export function newIdempotencyKey(fill: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = new Uint8Array(16);
  fill(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export interface SendAttempt {
  text: string;
  key: string;
}

/**
 * The key for sending `text`: the failed attempt's key when the same text is sent again (if that
 * attempt did reach the server, the retry is answered without sending or charging twice), else a new one.
 */
export function keyForSend(lastFailed: SendAttempt | null, text: string, makeKey: () => string = newIdempotencyKey): string {
  return lastFailed && lastFailed.text === text ? lastFailed.key : makeKey();
}

/** What a refused message means for the send bar. */
export type SendProblem = "credits" | "premium" | "closed" | "other";

/** Credits and premium get their own alert with a way out; a closed conversation stops the send bar. */
export function sendProblemOf(code: ErrorCode | "network"): SendProblem {
  if (code === "not_enough_credits") return "credits";
  if (code === "premium_only") return "premium";
  if (code === "partner_not_confirmed" || code === "blocked_by") return "closed";
  return "other";
}

/**
 * What the sender is asked about before `text` goes out ("are you sure?"): its scam signals, or none
 * when it has none or the sender chose to send this very text anyway.
 */
export function scamCheckOf(text: string, sendAnyway: string | null): ScamKind[] {
  const trimmed = text.trim();
  return trimmed === sendAnyway ? [] : scamSignals(trimmed);
}

/**
 * Whether the sender is asked "are you sure?" because `text` looks insulting or sexual (issue 22): only
 * while the partner has not written in the conversation, in the sender's language and the site's (the
 * server's rule, common/harassment.ts), and not when the sender chose to send this very text anyway.
 */
export function harassmentCheckOf(
  text: string,
  sendAnyway: string | null,
  context: { partnerAnswered: boolean; language: string; domainLanguage: string | null },
): boolean {
  const trimmed = text.trim();
  if (context.partnerAnswered || trimmed === sendAnyway) return false;
  return looksHarassing(trimmed, harassmentLanguages(context.language, context.domainLanguage));
}

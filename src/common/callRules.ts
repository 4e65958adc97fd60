import type { StoredSettings } from "./schemas/settings";

/** What a call carries: sound and picture, or sound only. */
export const CALL_MEDIA = ["video", "voice"] as const;
export type CallMedia = (typeof CALL_MEDIA)[number];

/**
 * How a call ended, as its entry in the chat shows it: talked and hung up (`ended`), not answered in
 * time (`missed`), refused by the callee (`declined`), given up by the caller while it rang
 * (`cancelled`), stopped by the server when the caller's credits ran out (`no_credits`), or lost
 * because a side went silent (`dropped`: a closed tab, a lost network).
 */
export const CALL_OUTCOMES = ["ended", "missed", "declined", "cancelled", "no_credits", "dropped"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const CALL_STATUSES = ["ringing", "active", ...CALL_OUTCOMES] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** What may happen to a call; `by` is the member who acts. */
export type CallAction =
  | { type: "answer"; by: number }
  | { type: "decline"; by: number }
  | { type: "hang_up"; by: number }
  | { type: "ring_timeout" }
  | { type: "out_of_credits" }
  | { type: "silent" };

/** A call still ringing or talking. */
export const isLiveCall = (status: CallStatus): boolean => status === "ringing" || status === "active";

/**
 * The status a call moves to on `action`, or null when the action is not allowed now: only the callee
 * answers or declines, either side hangs up, and a finished call never changes again.
 */
export function nextCallStatus(call: { status: CallStatus; caller: number; callee: number }, action: CallAction): CallStatus | null {
  const party = "by" in action && (action.by === call.caller || action.by === call.callee);
  if ("by" in action && !party) return null;
  if (call.status === "ringing") {
    switch (action.type) {
      case "answer":
        return action.by === call.callee ? "active" : null;
      case "decline":
        return action.by === call.callee ? "declined" : null;
      case "hang_up":
        return action.by === call.caller ? "cancelled" : "declined";
      case "ring_timeout":
        return "missed";
      case "silent":
        return "cancelled";
      // The caller's credits did not pay the first minute when the callee answered.
      case "out_of_credits":
        return "no_credits";
    }
  }
  if (call.status === "active") {
    switch (action.type) {
      case "hang_up":
        return "ended";
      case "out_of_credits":
        return "no_credits";
      case "silent":
        return "dropped";
      default:
        return null;
    }
  }
  return null;
}

/** Minutes of a call that have started after `elapsedMs` of talking: every started minute counts, the first from the answer on. */
export function startedMinutes(elapsedMs: number): number {
  return Math.max(1, Math.ceil(elapsedMs / 60_000));
}

/** Credits a started minute of a call costs its caller: the site's setting (absent: calls are free beyond premium). */
export function callMinuteCost(settings: Pick<StoredSettings, "call_minute_credits">): number {
  return settings.call_minute_credits ?? 0;
}

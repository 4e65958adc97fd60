import { create } from "zustand";
import { DISMISSALS_COOKIE } from "../../common/constants";
import { useStoreState } from "./useStoreState";

// Banner and modal dismissals, remembered with a timestamp in localStorage (spec section 2). A
// dismissal lasts a while, per kind, and then the banner may ask again.

export const DISMISSAL_KEYS = [
  "hide-enrich-alert",
  "hide-push-notification-alert",
  "hide-disabled-notifications-alert",
  "hide-time-bonus-modal",
  "hide-entry-warning",
] as const;
export type DismissalKey = (typeof DISMISSAL_KEYS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Stored for a dismissal that holds for good whatever its kind (push turned off on purpose). */
const FOREVER = "forever";

/**
 * How many days each dismissal holds (null: for good). "Not now" to push means not this week; the
 * photo reminder may come back after a few days; the time-bonus modal is for one 4-hour bonus; the
 * entry warning is asked again after a month, as age gates usually do.
 */
export const DISMISSAL_DAYS: Readonly<Record<DismissalKey, number | null>> = {
  "hide-enrich-alert": 3,
  "hide-push-notification-alert": 7,
  "hide-disabled-notifications-alert": 7,
  "hide-time-bonus-modal": null,
  "hide-entry-warning": 30,
};

/** Whether a dismissal made at `atMs` (or never: null) still holds at `nowMs`. */
export function dismissalHolds(key: DismissalKey, atMs: number | null, nowMs: number): boolean {
  if (atMs === null || Number.isNaN(atMs)) return false;
  const days = DISMISSAL_DAYS[key];
  return days === null || nowMs - atMs < days * DAY_MS;
}

/** A dismissal's time as stored (in localStorage and in the cookie): ms, or "forever". */
function storedAt(value: string): number {
  return value === FOREVER ? Number.POSITIVE_INFINITY : Number(value);
}

function readAt(key: DismissalKey): number | null {
  try {
    const value = localStorage.getItem(key);
    return value ? storedAt(value) : null;
  } catch {
    return null;
  }
}

interface DismissalState {
  /** When each banner was last dismissed in this browser (ms), as stored. */
  at: Partial<Record<DismissalKey, number | null>>;
}

export const useDismissalStore = create<DismissalState>(() => ({
  at: Object.fromEntries(DISMISSAL_KEYS.map((key) => [key, readAt(key)])),
}));

/**
 * The dismissals are also in a cookie, so that the server renders a member's first page with the
 * banner this browser shows (web.routes.ts, ssr.tsx): "key:ms|key:forever". Written again as the app
 * starts, so that what was dismissed before the cookie existed is in it too.
 */
/** The cookie's value for these dismissals (those recorded only). */
export function dismissalsCookieValue(at: DismissalState["at"]): string {
  return DISMISSAL_KEYS.flatMap((key) => {
    const ms = at[key];
    if (ms === null || ms === undefined || Number.isNaN(ms)) return [];
    return [`${key}:${ms === Number.POSITIVE_INFINITY ? FOREVER : Math.round(ms)}`];
  }).join("|");
}

/** The dismissals a cookie's value holds; anything else in it is ignored. */
export function dismissalsFromCookie(value: string | undefined): DismissalState["at"] {
  const at: DismissalState["at"] = {};
  for (const part of (value ?? "").split("|")) {
    const [key, ms] = part.split(":");
    if (!(DISMISSAL_KEYS as readonly string[]).includes(key) || !ms) continue;
    const when = storedAt(ms);
    if (!Number.isNaN(when)) at[key as DismissalKey] = when;
  }
  return at;
}

function writeCookie(): void {
  if (typeof document === "undefined") return;
  const value = dismissalsCookieValue(useDismissalStore.getState().at);
  // A year: the longest dismissal that expires is 30 days; one for good is written again at each start.
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the Safari and Firefox many members still run; the value holds only RFC 6265 characters (dismissalsCookieValue, unit-tested).
  document.cookie = value
    ? `${DISMISSALS_COOKIE}=${value}; path=/; max-age=${365 * 86400}; samesite=lax`
    : `${DISMISSALS_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

writeCookie();

/** Whether the banner or modal of `key` is dismissed now (and the dismissal has not expired). */
export function isDismissed(key: DismissalKey, nowMs = Date.now()): boolean {
  return dismissalHolds(key, useDismissalStore.getState().at[key] ?? null, nowMs);
}

/** The same, as a hook: the component shows again when a dismissal is recorded. */
export function useDismissed(key: DismissalKey): boolean {
  // As the server's rendering set it (a member's dismissals cookie), not the store's initial state.
  const at = useStoreState(useDismissalStore, (s) => s.at[key] ?? null);
  return dismissalHolds(key, at, Date.now());
}

/** Records a dismissal now; `forGood` makes it hold whatever the kind's days (a choice made in settings). */
export function dismiss(key: DismissalKey, forGood = false): void {
  const at = forGood ? Number.POSITIVE_INFINITY : Date.now();
  useDismissalStore.setState((s) => ({ at: { ...s.at, [key]: at } }));
  writeCookie();
  try {
    localStorage.setItem(key, forGood ? FOREVER : String(at));
  } catch {
    // Private mode without storage: the banner comes back next visit.
  }
}

/** The push states of spec section 4. */
export type PushState = "unsupported" | "unknown" | "granted" | "denied" | "subscribed";

/** The browser's notification permission (Notification.permission). */
export type PushPermission = "default" | "granted" | "denied";

export interface PushStateInput {
  /** The browser can receive Web Push here (service worker, PushManager, secure page) and the site has a key. */
  capable: boolean;
  permission: PushPermission;
  /** This browser's subscription is saved for the logged-in member. */
  isSubscribed: boolean;
}

/**
 * unsupported: no Web Push in this browser (or no key on the site); denied: the member blocked
 * notifications for the site; subscribed: allowed and this browser is saved for the member; granted:
 * allowed but not (or no longer) subscribed; unknown: the browser has not asked yet.
 */
export function derivePushState({ capable, permission, isSubscribed }: PushStateInput): PushState {
  if (!capable) return "unsupported";
  if (permission === "denied") return "denied";
  if (permission === "granted") return isSubscribed ? "subscribed" : "granted";
  return "unknown";
}

/** Routes where the push-notification alert never shows (spec section 2, banners). */
export const PUSH_ALERT_HIDDEN_ROUTES: readonly string[] = ["signup", "notifications", "activate-done", "directdebit", "premium", "secure-account"];

export interface PushAlertInput {
  loggedIn: boolean;
  /** The push state is known (the browser's subscription has been looked at). */
  ready: boolean;
  state: PushState;
  dismissed: boolean;
  routeName: string | null;
}

/**
 * The push-notification alert: to a logged-in member whose browser could subscribe (it has not
 * asked yet, or allows but is not subscribed), until dismissed; never where push cannot work
 * (unsupported, denied) and not on the routes of spec section 2.
 */
export function pushAlertVisible(input: PushAlertInput): boolean {
  if (!input.loggedIn || !input.ready || input.dismissed) return false;
  if (input.state !== "unknown" && input.state !== "granted") return false;
  return !(input.routeName && PUSH_ALERT_HIDDEN_ROUTES.includes(input.routeName));
}

/** A base64url VAPID key as the bytes `pushManager.subscribe` takes as applicationServerKey. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key (after a key change the old subscriptions are useless). */
export function sameServerKey(subscriptionKey: ArrayBuffer | null | undefined, publicKey: string): boolean {
  if (!subscriptionKey) return false;
  const a = new Uint8Array(subscriptionKey);
  const b = base64UrlToBytes(publicKey);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

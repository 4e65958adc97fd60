import { create } from "zustand";
import type { SwPushReceived } from "../features/push/swMessages";
import { derivePushState, type PushPermission, type PushState } from "../features/push/pushState";

// Push state of spec section 3 (capable, subscribed, last message, isSubscribed); features/push
// fills it from the browser and the server.

export interface PushStoreState {
  /** Web Push works in this browser (service worker, PushManager, secure page) and the site has a key. */
  capable: boolean;
  /** The browser's notification permission for the site. */
  permission: PushPermission;
  /** This browser's push subscription, whoever it was made for; null when there is none. */
  subscribed: PushSubscription | null;
  /** The subscription is saved on the server for the logged-in member: pushes reach this browser. */
  isSubscribed: boolean;
  /** The last push the service worker passed on to this page. */
  lastMessage: (SwPushReceived & { at: number }) | null;
  /** The browser's subscription has been looked at (until then banners about push wait). */
  ready: boolean;
  /** Turning push on or off is under way. */
  busy: boolean;
  /** The last attempt to turn push on or off failed. */
  error: "enable_failed" | "disable_failed" | null;
}

export const usePushStore = create<PushStoreState>(() => ({
  capable: false,
  permission: "default",
  subscribed: null,
  isSubscribed: false,
  lastMessage: null,
  ready: false,
  busy: false,
  error: null,
}));

/** The state of spec section 4: unsupported, unknown, granted, denied or subscribed. */
export function selectPushState(state: PushStoreState): PushState {
  return derivePushState(state);
}

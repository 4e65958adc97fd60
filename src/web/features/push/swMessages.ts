import type { PushKind } from "../../../common/schemas/push";

// Messages the service worker (src/web/sw.ts) posts to the site's open pages. The worker imports
// only these types, so that it stays one self-contained file.

/** A push arrived: open pages reload chats and likes (spec section 4). */
export interface SwPushReceived {
  type: "push-received";
  kind: PushKind;
  conversation?: number;
}

/** The member clicked a notification: the focused page shows this path of the site. */
export interface SwNavigate {
  type: "push-navigate";
  path: string;
}

export type SwMessage = SwPushReceived | SwNavigate;

/** Narrows anything a service worker posted to one of our messages. */
export function isSwMessage(data: unknown): data is SwMessage {
  if (typeof data !== "object" || data === null) return false;
  const type = (data as { type?: unknown }).type;
  if (type === "push-navigate") return typeof (data as { path?: unknown }).path === "string";
  return type === "push-received";
}

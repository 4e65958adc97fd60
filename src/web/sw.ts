import type { PushMessage } from "../common/schemas/push";
import type { SwNavigate, SwPushReceived } from "./features/push/swMessages";

// The service worker, served at /sw.js with scope "/" (a separate entry of the Vite build). It shows
// Web Push notifications and opens the site on a click; it has no fetch handler, so it never stands
// between the site and the network. Only type imports: the built file must stand alone as a
// classic script.
//
// The program's lib is DOM, and TypeScript cannot combine it with the WebWorker lib, so the few
// service-worker types used here are declared below.

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationEventLike extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClientLike {
  readonly url: string;
  readonly focused: boolean;
  readonly visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowClientLike>;
  postMessage(message: unknown): void;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<WindowClientLike | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEventLike) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEventLike) => void): void;
}
/** Options Chromium and Firefox take beyond the DOM lib's NotificationOptions. */
interface ShownNotificationOptions extends NotificationOptions {
  renotify?: boolean;
  timestamp?: number;
}

const sw = self as unknown as ServiceWorkerScope;

/** Pages of the site that run the app (not the API docs or the dev mailbox). */
function appWindows(clients: readonly WindowClientLike[]): WindowClientLike[] {
  return clients.filter((client) => {
    const url = new URL(client.url);
    return url.origin === sw.location.origin && !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/dev/");
  });
}

/** A path of this site only: a notification never sends the member elsewhere. */
function sitePath(url: unknown): string {
  try {
    const parsed = new URL(String(url), sw.location.origin);
    return parsed.origin === sw.location.origin ? parsed.pathname + parsed.search : "/";
  } catch {
    return "/";
  }
}

function readMessage(event: PushEventLike): PushMessage | null {
  try {
    const data = event.data?.json() as Partial<PushMessage> | undefined;
    return data && typeof data.title === "string" ? (data as PushMessage) : null;
  } catch {
    return null;
  }
}

sw.addEventListener("install", (event) => {
  // Nothing to cache: a new version takes over at once.
  event.waitUntil(sw.skipWaiting());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(sw.clients.claim());
});

sw.addEventListener("push", (event) => {
  const message = readMessage(event);
  const show = async () => {
    // Browsers require a visible notification for every push; an unreadable one still says something.
    const title = message?.title ?? sw.location.host;
    const options: ShownNotificationOptions = {
      body: message?.body,
      icon: message?.icon,
      badge: message?.badge,
      tag: message?.tag,
      // A new message in the same conversation replaces the old notification and still alerts.
      renotify: Boolean(message?.tag),
      lang: message?.lang,
      timestamp: message?.timestamp,
      data: { path: sitePath(message?.url ?? "/") },
    };
    await sw.registration.showNotification(title, options);
    if (!message) return;
    const notice: SwPushReceived = { type: "push-received", kind: message.kind, conversation: message.conversation };
    for (const client of appWindows(await sw.clients.matchAll({ type: "window", includeUncontrolled: true }))) client.postMessage(notice);
  };
  event.waitUntil(show());
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = sitePath((event.notification.data as { path?: unknown } | null)?.path);
  const open = async () => {
    const windows = appWindows(await sw.clients.matchAll({ type: "window", includeUncontrolled: true }));
    // The tab the member looked at last, else any tab of the site: it shows the page without reloading the app.
    const target = windows.find((c) => c.focused) ?? windows.find((c) => c.visibilityState === "visible") ?? windows[0];
    if (target) {
      const navigate: SwNavigate = { type: "push-navigate", path };
      target.postMessage(navigate);
      await target.focus();
      return;
    }
    await sw.clients.openWindow(path);
  };
  event.waitUntil(open());
});

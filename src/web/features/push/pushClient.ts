import { ApiError, call } from "../../api/apiClient";
import { dismiss } from "../../stores/dismissals";
import { usePushStore } from "../../stores/pushStore";
import { base64UrlToBytes, type PushPermission, sameServerKey } from "./pushState";

// The browser's side of Web Push: the service worker, the permission, the subscription, and saving
// it for the member (POST/DELETE /api/user.php?push=1). Results go to the push store.

/** Which member this browser's subscription was saved for: it must never carry pushes for someone else. */
const MEMBER_KEY = "push-member";
/** Logout waits at most this long for the subscription to be removed. */
const LEAVE_TIMEOUT_MS = 3000;

let publicKey: string | null = null;
let registration: Promise<ServiceWorkerRegistration | null> = Promise.resolve(null);

function storedMember(): number | null {
  try {
    const value = localStorage.getItem(MEMBER_KEY);
    return value ? Number(value) : null;
  } catch {
    return null;
  }
}

function rememberMember(userId: number | null): void {
  try {
    if (userId === null) localStorage.removeItem(MEMBER_KEY);
    else localStorage.setItem(MEMBER_KEY, String(userId));
  } catch {
    // Without storage the subscription is dropped at the next start (it cannot be told apart).
  }
}

function currentPermission(): PushPermission {
  return "Notification" in window ? Notification.permission : "default";
}

/** Web Push needs a secure page, a service worker, PushManager and notifications, and the site's key. */
export function pushCapable(key: string | null): boolean {
  return Boolean(key) && window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

// Sync, enable and disable touch the same subscription: one at a time.
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** Registers the service worker and reads the permission; call once at start with the settings' key. */
export function startPush(key: string | null): void {
  publicKey = key;
  usePushStore.setState({ capable: pushCapable(key), permission: currentPermission() });
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  registration = navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null);
  // The member may allow or block notifications in the browser's site settings at any time.
  navigator.permissions
    ?.query({ name: "notifications" })
    .then((status) => {
      status.onchange = () => {
        usePushStore.setState({ permission: currentPermission() });
        if (currentPermission() !== "granted") usePushStore.setState({ isSubscribed: false });
      };
    })
    .catch(() => undefined);
}

async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registered = await registration;
  if (!registered) throw new Error("no service worker");
  return navigator.serviceWorker.ready;
}

/** The subscription as the server takes it (`toJSON()` types its keys loosely; the browser always fills them). */
function pushSubscriptionOf(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  };
}

/** Saves the subscription for the logged-in member; false when the server says nobody is logged in. */
async function saveOnServer(subscription: PushSubscription): Promise<boolean> {
  try {
    await call("POST /api/user.php?push=1", { query: { push: "1" }, body: pushSubscriptionOf(subscription) }, { progress: false });
    return true;
  } catch (err) {
    // Offline or a server hiccup: it was saved before for this member, so pushes still come.
    return !(err instanceof ApiError && err.status >= 400 && err.status < 500);
  }
}

async function removeFromServer(subscription: PushSubscription): Promise<void> {
  await call("DELETE /api/user.php?push=1", { query: { push: "1" }, body: { endpoint: subscription.endpoint } }, { progress: false }).catch(
    // The browser's unsubscribe that follows ends it anyway: the push service then answers 410 and the server forgets it.
    () => undefined,
  );
}

function newSubscription(reg: ServiceWorkerRegistration, key: string): Promise<PushSubscription> {
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(key) });
}

/**
 * Brings the store in line with the browser for the member (or visitor, null) now logged in. A
 * subscription made for another member, or left from a member who is logged out, is ended: no
 * pushes for them reach this browser. The member's own is saved again (the server may have dropped
 * it), and renewed when the site's key changed.
 */
export function syncPush(userId: number | null): Promise<void> {
  return serial(async () => {
    const { capable } = usePushStore.getState();
    const permission = currentPermission();
    const reg = capable ? await registration : null;
    let subscription = reg ? await reg.pushManager.getSubscription().catch(() => null) : null;
    let isSubscribed = false;
    if (subscription && reg && publicKey) {
      if (userId === null || storedMember() !== userId || permission !== "granted") {
        await subscription.unsubscribe().catch(() => false);
        rememberMember(null);
        subscription = null;
      } else {
        if (!sameServerKey(subscription.options.applicationServerKey, publicKey)) {
          await subscription.unsubscribe().catch(() => false);
          subscription = await newSubscription(await activeRegistration(), publicKey).catch(() => null);
        }
        isSubscribed = subscription ? await saveOnServer(subscription) : false;
      }
    }
    usePushStore.setState({ permission, subscribed: subscription, isSubscribed, ready: true });
  });
}

/** Asks for permission (call it from a click), subscribes this browser and saves it for the member. */
export function enablePush(userId: number): Promise<void> {
  // The permission prompt must be asked for in the click itself, before anything is awaited.
  const asked = "Notification" in window ? Notification.requestPermission() : Promise.resolve<NotificationPermission>("denied");
  usePushStore.setState({ busy: true, error: null });
  return serial(async () => {
    try {
      const permission = await asked;
      usePushStore.setState({ permission });
      if (permission !== "granted" || !publicKey) return;
      const reg = await activeRegistration();
      let subscription = await reg.pushManager.getSubscription();
      if (subscription && !sameServerKey(subscription.options.applicationServerKey, publicKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await newSubscription(reg, publicKey);
      await call("POST /api/user.php?push=1", { query: { push: "1" }, body: pushSubscriptionOf(subscription) });
      rememberMember(userId);
      usePushStore.setState({ subscribed: subscription, isSubscribed: true });
    } catch {
      usePushStore.setState({ error: "enable_failed" });
    } finally {
      usePushStore.setState({ busy: false });
    }
  });
}

async function endSubscription(): Promise<void> {
  const reg = await registration;
  const subscription = reg ? await reg.pushManager.getSubscription() : null;
  if (subscription) {
    await removeFromServer(subscription);
    await subscription.unsubscribe();
  }
  rememberMember(null);
  usePushStore.setState({ subscribed: null, isSubscribed: false });
}

/** Turns push off for this browser; the banner that offers it stays away from now on. */
export function disablePush(): Promise<void> {
  usePushStore.setState({ busy: true, error: null });
  return serial(async () => {
    try {
      await endSubscription();
      dismiss("hide-push-notification-alert", true);
    } catch {
      usePushStore.setState({ error: "disable_failed" });
    } finally {
      usePushStore.setState({ busy: false });
    }
  });
}

/** Before logout, while the session still exists: this browser gets no more pushes for the member. Never throws. */
export async function leavePush(): Promise<void> {
  const ended = serial(endSubscription).catch(() => undefined);
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, LEAVE_TIMEOUT_MS))]);
}

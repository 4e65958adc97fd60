import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS, TIME_BONUS_CODE, WELCOME_DISCOUNT_CODE } from "../common/constants";
import { queryClient } from "./api/queryClient";
import { queryKeys } from "./api/queryKeys";
import { scheduleLoadingBar } from "./components/LoadingBar";
import { reloadLikesSoon } from "./features/members/likeModalDelay";
import { activeDiscount } from "./features/payments/useActiveDiscount";
import { enablePush, startPush } from "./features/push/pushClient";
import { listenToServiceWorker } from "./features/push/serviceWorkerMessages";
import { showAppBadge } from "./hooks/useAppBadge";
import { startPageHiddenBeacon } from "./pageHiddenBeacon";
import { trackNetwork, useNetworkStore } from "./stores/networkStore";
import { usePushStore } from "./stores/pushStore";

// Client rules of spec sections 4, 7 and 9 that run on timers and browser events, with fake timers
// and stubbed browser objects (the unit project runs in Node).

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  queryClient.clear();
});

/** A Storage in memory, as sessionStorage and localStorage are in a browser. */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (i) => [...values.keys()][i] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

describe("the loading bar (spec section 9)", () => {
  it("is hidden for the first 200 ms, shows after, and gives up after 5 s", () => {
    vi.useFakeTimers();
    const shown = vi.fn();
    const gaveUp = vi.fn();
    scheduleLoadingBar(shown, gaveUp);
    vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS - 1);
    expect(shown).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(shown).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(LOADING_BAR_DURATION_MS - LOADING_BAR_THROTTLE_MS - 1);
    expect(gaveUp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(gaveUp).toHaveBeenCalledTimes(1);
    expect([LOADING_BAR_THROTTLE_MS, LOADING_BAR_DURATION_MS]).toEqual([200, 5000]);
  });

  it("never shows for work that ends within 200 ms", () => {
    vi.useFakeTimers();
    const shown = vi.fn();
    const cancel = scheduleLoadingBar(shown, () => {});
    vi.advanceTimersByTime(150);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(shown).not.toHaveBeenCalled();
  });
});

describe("the page-hidden beacon (spec section 7)", () => {
  let visibility: DocumentVisibilityState;
  let document: EventTarget & { visibilityState: DocumentVisibilityState; documentElement: { dataset: Record<string, string> } };
  const beacons: string[] = [];
  const arrive = (url: string) => {
    vi.stubGlobal("window", { location: new URL(url) });
    return startPageHiddenBeacon();
  };
  const hide = () => {
    visibility = "hidden";
    document.dispatchEvent(new Event("visibilitychange"));
  };
  beforeEach(() => {
    beacons.length = 0;
    visibility = "visible";
    document = Object.assign(Object.defineProperty(new EventTarget(), "visibilityState", { get: () => visibility }), {
      documentElement: { dataset: {} },
    }) as typeof document;
    vi.stubGlobal("document", document);
    vi.stubGlobal("sessionStorage", memoryStorage());
    vi.stubGlobal("navigator", { sendBeacon: (url: string) => beacons.push(url) > 0 });
  });

  it("goes out when the page becomes hidden, not when it shows again", () => {
    const stop = arrive("https://amoria.test/members");
    hide();
    visibility = "visible";
    document.dispatchEvent(new Event("visibilitychange"));
    expect(beacons).toEqual(["/api/page-hidden.php"]);
    stop();
  });

  it("keeps ?lb for the rest of a visit that arrived with it", () => {
    arrive("https://amoria.test/?lb=1")();
    const stop = arrive("https://amoria.test/members");
    hide();
    expect(beacons).toEqual(["/api/page-hidden.php?lb=1"]);
    stop();
  });

  it("goes out once when both the visitor entry and the app started it, and again after the app's stop and start", () => {
    arrive("https://amoria.test/landers/gallery");
    const stopApp = arrive("https://amoria.test/landers/gallery");
    hide();
    expect(beacons).toHaveLength(1);
    stopApp();
    const again = arrive("https://amoria.test/landers/gallery");
    hide();
    expect(beacons).toHaveLength(2);
    again();
  });
});

describe("the app badge (spec sections 4 and 8)", () => {
  it("shows unread messages plus new likes, and is cleared at 0", () => {
    const setAppBadge = vi.fn(async () => {});
    const clearAppBadge = vi.fn(async () => {});
    showAppBadge({ setAppBadge, clearAppBadge }, 3 + 1);
    showAppBadge({ setAppBadge, clearAppBadge }, 0);
    expect(setAppBadge).toHaveBeenCalledWith(4);
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it("ignores a browser that refuses, and one without badges", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    showAppBadge({ setAppBadge: () => Promise.reject(new Error("denied")), clearAppBadge: () => Promise.reject(new Error("denied")) }, 2);
    showAppBadge({}, 2);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe("going offline and online (spec section 4)", () => {
  it("is tracked, and being back is known after having been offline", () => {
    const window = new EventTarget();
    vi.stubGlobal("window", window);
    useNetworkStore.setState({ online: true, wasOffline: false });
    const stop = trackNetwork();
    window.dispatchEvent(new Event("offline"));
    expect(useNetworkStore.getState()).toMatchObject({ online: false, wasOffline: true });
    window.dispatchEvent(new Event("online"));
    expect(useNetworkStore.getState()).toMatchObject({ online: true, wasOffline: true });
    stop();
    window.dispatchEvent(new Event("offline"));
    expect(useNetworkStore.getState().online).toBe(true);
  });

  it("knows a connection lost while the app's scripts loaded, and says it is back when it comes", () => {
    const window = new EventTarget();
    vi.stubGlobal("window", window);
    vi.stubGlobal("navigator", { onLine: false });
    useNetworkStore.setState({ online: true, wasOffline: false });
    const stop = trackNetwork();
    expect(useNetworkStore.getState()).toMatchObject({ online: false, wasOffline: true });
    window.dispatchEvent(new Event("online"));
    expect(useNetworkStore.getState()).toMatchObject({ online: true, wasOffline: true });
    stop();
  });
});

describe("a pushed message (spec section 4)", () => {
  it("reloads chats, likes and the member, and is kept as the last message", async () => {
    const worker = Object.assign(new EventTarget(), { startMessages: vi.fn() });
    vi.stubGlobal("navigator", { serviceWorker: worker });
    vi.stubGlobal("window", { location: new URL("https://amoria.test/members") });
    const fetched: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: URL) => {
        fetched.push(new URL(url).pathname);
        return new Response(JSON.stringify({ user: null }), { status: 200 });
      }),
    );
    queryClient.setQueryData(queryKeys.chats, { chats: [] });
    queryClient.setQueryData(queryKeys.likes, { liked_by: [] });
    listenToServiceWorker(() => {});
    expect(worker.startMessages).toHaveBeenCalled();

    worker.dispatchEvent(new MessageEvent("message", { data: { type: "push-received", kind: "like" } }));

    expect(usePushStore.getState().lastMessage).toMatchObject({ type: "push-received", kind: "like" });
    expect(queryClient.getQueryState(queryKeys.chats)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.likes)?.isInvalidated).toBe(true);
    await vi.waitFor(() => expect(fetched).toContain("/api/user.php"));
  });

  it("leads a notification click to its page", () => {
    const worker = Object.assign(new EventTarget(), { startMessages: () => {} });
    vi.stubGlobal("navigator", { serviceWorker: worker });
    const navigate = vi.fn();
    listenToServiceWorker(navigate);
    worker.dispatchEvent(new MessageEvent("message", { data: { type: "push-navigate", path: "/chats/7" } }));
    expect(navigate).toHaveBeenCalledWith("/chats/7");
  });
});

describe("the auto-like (spec section 7)", () => {
  it("reloads the likes 0.5 s after it was made", () => {
    vi.useFakeTimers();
    const reload = vi.fn(async () => {});
    reloadLikesSoon(reload);
    vi.advanceTimersByTime(499);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe("the active discount (spec section 4)", () => {
  const welcome = { code: WELCOME_DISCOUNT_CODE, expired: false };
  it("is the time bonus while it runs, otherwise the welcome code while it is valid", () => {
    expect(activeDiscount({ typed: null, timeBonusRunning: true, welcome })).toBe(TIME_BONUS_CODE);
    expect(activeDiscount({ typed: null, timeBonusRunning: false, welcome })).toBe(WELCOME_DISCOUNT_CODE);
    expect(activeDiscount({ typed: null, timeBonusRunning: false, welcome: { ...welcome, expired: true } })).toBeNull();
    expect(activeDiscount({ typed: null, timeBonusRunning: false, welcome: null })).toBeNull();
  });
  it("is a code the member typed before either", () => {
    expect(activeDiscount({ typed: "SPRING10", timeBonusRunning: true, welcome })).toBe("SPRING10");
  });
});

describe("the push alert's enable button (spec section 2)", () => {
  it("asks for permission, subscribes this browser, saves it with POST /api/user.php?push=1 and marks push on", async () => {
    const subscription = {
      endpoint: "https://push.example/abc",
      options: { applicationServerKey: null },
      toJSON: () => ({ endpoint: "https://push.example/abc", keys: { p256dh: "k", auth: "a" } }),
    };
    const subscribe = vi.fn(async () => subscription);
    const registration = { pushManager: { getSubscription: async () => null, subscribe } };
    const requestPermission = vi.fn(async () => "granted");
    const Notification = { permission: "default", requestPermission };
    vi.stubGlobal("Notification", Notification);
    vi.stubGlobal("window", { isSecureContext: true, PushManager: class {}, Notification, location: new URL("https://amoria.test/members") });
    vi.stubGlobal("navigator", { serviceWorker: { register: async () => registration, ready: Promise.resolve(registration) } });
    vi.stubGlobal("localStorage", memoryStorage());
    const posted: Array<{ url: URL; method?: string; body?: unknown }> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: URL, init?: RequestInit) => {
        posted.push({ url: new URL(url), method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return new Response(JSON.stringify({ ok: true }), { status: 200 });
      }),
    );

    startPush("BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U");
    expect(usePushStore.getState().capable).toBe(true);
    await enablePush(7);

    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(posted).toHaveLength(1);
    expect(posted[0].url.pathname + posted[0].url.search).toBe("/api/user.php?push=1");
    expect(posted[0].method).toBe("POST");
    expect(posted[0].body).toEqual(subscription.toJSON());
    expect(usePushStore.getState()).toMatchObject({ permission: "granted", isSubscribed: true, busy: false, error: null });
    expect(localStorage.getItem("push-member")).toBe("7");
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";

// Spec section 2: dismissals are remembered with a timestamp under their keys, across reloads.

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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("dismissals", () => {
  it("are stored under the spec's keys with a timestamp and still hold after a reload", async () => {
    vi.stubGlobal("localStorage", memoryStorage());
    const keys = ["hide-enrich-alert", "hide-push-notification-alert", "hide-disabled-notifications-alert", "hide-time-bonus-modal"] as const;
    const before = Date.now();
    const first = await import("./dismissals");
    for (const key of keys) {
      expect(first.isDismissed(key)).toBe(false);
      first.dismiss(key);
      const stored = Number(localStorage.getItem(key));
      expect(stored).toBeGreaterThanOrEqual(before);
      expect(stored).toBeLessThanOrEqual(Date.now());
    }
    vi.resetModules();
    const reloaded = await import("./dismissals");
    for (const key of keys) expect(reloaded.isDismissed(key), key).toBe(true);
  });

  it("go to the server in a cookie, for good ones too, and come back from it as they were; anything else in it is ignored", async () => {
    const { dismissalsCookieValue, dismissalsFromCookie } = await import("./dismissals");
    const at = { "hide-enrich-alert": 1_795_780_811_818, "hide-time-bonus-modal": Number.POSITIVE_INFINITY, "hide-entry-warning": null };
    const value = dismissalsCookieValue(at);
    expect(value).toBe("hide-enrich-alert:1795780811818|hide-time-bonus-modal:forever");
    // Only characters a cookie's value may hold (RFC 6265: no space, comma, semicolon, quote or backslash).
    expect(value).toMatch(/^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/);
    expect(dismissalsFromCookie(value)).toEqual({ "hide-enrich-alert": 1_795_780_811_818, "hide-time-bonus-modal": Number.POSITIVE_INFINITY });
    expect(dismissalsFromCookie("hide-enrich-alert:soon|other-key:1|hide-entry-warning|:|hide-push-notification-alert:5")).toEqual({
      "hide-push-notification-alert": 5,
    });
    expect(dismissalsFromCookie(undefined)).toEqual({});
    expect(dismissalsCookieValue({})).toBe("");
  });

  it("are written to the cookie when the app starts and at each dismissal", async () => {
    vi.stubGlobal("localStorage", memoryStorage());
    localStorage.setItem("hide-enrich-alert", "1795780811818");
    const written: string[] = [];
    vi.stubGlobal("document", {
      set cookie(value: string) {
        written.push(value);
      },
    });
    const dismissals = await import("./dismissals");
    expect(written).toEqual([`dismissed=hide-enrich-alert:1795780811818; path=/; max-age=${365 * 86400}; samesite=lax`]);
    dismissals.dismiss("hide-push-notification-alert", true);
    expect(written.at(-1)).toMatch(/^dismissed=hide-enrich-alert:1795780811818\|hide-push-notification-alert:forever; /);
  });
});

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
});

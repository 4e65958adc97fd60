import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_GUARD_MS } from "../common/constants";
import { importWithReload } from "./lazyWithReload";

// Spec §4/§8/§9: a failed chunk load reloads the page once, at most once per minute.

const reload = vi.fn();
let stored: Map<string, string>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-25T12:00:00Z"));
  stored = new Map();
  vi.stubGlobal("sessionStorage", { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => stored.set(k, v) });
  vi.stubGlobal("window", { location: { reload } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  reload.mockClear();
});

/** Lets the failed import's handler run (a few microtask turns). */
async function settled(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

const failing = () => Promise.reject(new Error("Failed to fetch dynamically imported module"));

describe("importWithReload", () => {
  it("hands over the module when the chunk loads", async () => {
    await expect(importWithReload(() => Promise.resolve({ page: 1 }))()).resolves.toEqual({ page: 1 });
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads the page on a failed chunk and remembers when", async () => {
    const at = Date.now();
    void importWithReload(failing)();
    await settled();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(Number(stored.get("chunk-reload-at"))).toBe(at);
  });

  it("shows the error instead of reloading again within the guard's minute, and reloads again after it", async () => {
    stored.set("chunk-reload-at", String(Date.now()));
    vi.setSystemTime(Date.now() + CHUNK_RELOAD_GUARD_MS - 1000);
    await expect(importWithReload(failing)()).rejects.toThrow("Failed to fetch");
    expect(reload).not.toHaveBeenCalled();

    vi.setSystemTime(Date.now() + 2000);
    void importWithReload(failing)();
    await settled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("asks again once the connection is back when the chunk failed offline, without reloading", async () => {
    const window = Object.assign(new EventTarget(), { location: { reload } });
    vi.stubGlobal("window", window);
    vi.stubGlobal("navigator", { onLine: false });
    const load = vi.fn().mockRejectedValueOnce(new Error("Failed to fetch dynamically imported module")).mockResolvedValueOnce({ page: 2 });
    const module = importWithReload(load)();
    await settled();
    expect(load).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("online"));
    await expect(module).resolves.toEqual({ page: 2 });
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads once the connection is back when the chunk fails again then", async () => {
    const window = Object.assign(new EventTarget(), { location: { reload } });
    vi.stubGlobal("window", window);
    vi.stubGlobal("navigator", { onLine: false });
    void importWithReload(failing)();
    await settled();
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("online"));
    await settled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("waits a minute between reloads (the spec's guard)", () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
  });
});

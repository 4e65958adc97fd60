import { CHUNK_RELOAD_GUARD_MS } from "../common/constants";

const KEY = "chunk-reload-at";

/**
 * Wraps a dynamic import: when a chunk fails to load (usually a new deploy removed it), reload the
 * page once; at most once a minute, so a real outage shows the error page instead of a reload loop.
 * A chunk that failed while the browser is offline is not gone: it is asked for again once the
 * connection is back (a reload then would replace the page with the browser's offline page).
 */
export function importWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (err) {
      // On the server (ssr.tsx) there is no page to reload: its caller gives the page to the app.
      if (typeof window === "undefined") throw err;
      if (navigator.onLine !== false) return reloadOnce(err);
      await backOnline();
      try {
        return await load();
      } catch (again) {
        return reloadOnce(again);
      }
    }
  };
}

function reloadOnce<T>(err: unknown): Promise<T> {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last > CHUNK_RELOAD_GUARD_MS) {
    sessionStorage.setItem(KEY, String(Date.now()));
    window.location.reload();
    return new Promise<T>(() => {});
  }
  throw err;
}

/** Resolves when the browser's next "online" event comes. */
function backOnline(): Promise<void> {
  return new Promise((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
}

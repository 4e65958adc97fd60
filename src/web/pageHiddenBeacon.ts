const LB_KEY = "lb";

/** Set on the document while a beacon listens: the visitor entry (visitor.ts) and the app both start one. */
const LISTENING = "pageHiddenBeacon";

/**
 * Sends POST /api/page-hidden.php as a beacon whenever the page becomes hidden. A visit that arrived
 * with ?lb keeps page-bounce logging on for the rest of the visit (sessionStorage). One listener per
 * page: a second start, while one listens, does nothing.
 */
export function startPageHiddenBeacon(): () => void {
  const flags = document.documentElement.dataset;
  if (flags[LISTENING]) return () => {};
  flags[LISTENING] = "1";
  if (new URLSearchParams(window.location.search).has(LB_KEY)) sessionStorage.setItem(LB_KEY, "1");
  const onChange = () => {
    if (document.visibilityState !== "hidden" || !navigator.sendBeacon) return;
    const url = sessionStorage.getItem(LB_KEY) ? "/api/page-hidden.php?lb=1" : "/api/page-hidden.php";
    navigator.sendBeacon(url, new Blob(["{}"], { type: "application/json" }));
  };
  document.addEventListener("visibilitychange", onChange);
  return () => {
    document.removeEventListener("visibilitychange", onChange);
    delete flags[LISTENING];
  };
}

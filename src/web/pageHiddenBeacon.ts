const LB_KEY = "lb";

/**
 * Sends POST /api/page-hidden.php as a beacon whenever the page becomes hidden. A visit that arrived
 * with ?lb keeps page-bounce logging on for the rest of the visit (sessionStorage).
 */
export function startPageHiddenBeacon(): () => void {
  if (new URLSearchParams(window.location.search).has(LB_KEY)) sessionStorage.setItem(LB_KEY, "1");
  const onChange = () => {
    if (document.visibilityState !== "hidden" || !navigator.sendBeacon) return;
    const url = sessionStorage.getItem(LB_KEY) ? "/api/page-hidden.php?lb=1" : "/api/page-hidden.php";
    navigator.sendBeacon(url, new Blob(["{}"], { type: "application/json" }));
  };
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

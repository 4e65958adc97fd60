import { create } from "zustand";

interface NetworkState {
  online: boolean;
  /** True once the browser has gone offline in this visit (so that "back online" can be said). */
  wasOffline: boolean;
}

/** Node has a navigator without onLine (the server's rendering, ssr.tsx): online there. */
const browserOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

export const useNetworkStore = create<NetworkState>(() => ({
  online: !browserOffline(),
  // A page that starts offline has been offline: "back online" is said when the connection comes.
  wasOffline: browserOffline(),
}));

/** Follows the browser's online and offline events. */
export function trackNetwork(): () => void {
  const offline = () => useNetworkStore.setState({ online: false, wasOffline: true });
  const online = () => useNetworkStore.setState({ online: true });
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);
  // The connection may have gone while the app's scripts loaded, before anything listened.
  if (browserOffline()) offline();
  return () => {
    window.removeEventListener("offline", offline);
    window.removeEventListener("online", online);
  };
}

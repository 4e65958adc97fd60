import { create } from "zustand";

interface NetworkState {
  online: boolean;
  /** True once the browser has gone offline in this visit (so that "back online" can be said). */
  wasOffline: boolean;
}

export const useNetworkStore = create<NetworkState>(() => ({
  // Node has a navigator without onLine (the server's rendering, ssr.tsx): online there.
  online: typeof navigator === "undefined" || navigator.onLine !== false,
  wasOffline: false,
}));

/** Follows the browser's online and offline events. */
export function trackNetwork(): () => void {
  const offline = () => useNetworkStore.setState({ online: false, wasOffline: true });
  const online = () => useNetworkStore.setState({ online: true });
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);
  return () => {
    window.removeEventListener("offline", offline);
    window.removeEventListener("online", online);
  };
}

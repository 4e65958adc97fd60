import { useSyncExternalStore } from "react";
import type { StoreApi } from "zustand";

/**
 * A part of a store's state, following its changes, as the store's own hook gives it, except that
 * the server's rendering and the app taking that markup over (hydrating) read the state as it is
 * too, not the store's initial state: the server sets what the member's page shows (ssr.tsx), and
 * in the browser the state is already what the page was rendered with. `select` returns a value, not
 * a new object.
 */
export function useStoreState<S, T>(store: Pick<StoreApi<S>, "getState" | "subscribe">, select: (state: S) => T): T {
  const read = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}

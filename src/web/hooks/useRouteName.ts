import { useMatches } from "react-router";
import type { RouteHandle } from "../routeHandle";

/** The internal name of the current route (spec section 2), e.g. "members" or "reset-password". */
export function useRouteName(): string | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.name) return handle.name;
  }
  return null;
}

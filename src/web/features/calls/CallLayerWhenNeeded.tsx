import { lazy, Suspense } from "react";
import { importWithReload } from "../../lazyWithReload";
import { useCallStore } from "./callStore";

const CallLayer = lazy(() => importWithReload(() => import("./CallLayer"))().then((m) => ({ default: m.CallLayer })));

/**
 * The call screens on every page of a member's, loaded only once there is something to show (a call
 * rings or runs, or how one ended): the first page of the site stays as light as before calls.
 */
export function CallLayerWhenNeeded() {
  const needed = useCallStore((s) => s.call !== null || s.ended !== null || s.error !== null);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <CallLayer />
    </Suspense>
  );
}

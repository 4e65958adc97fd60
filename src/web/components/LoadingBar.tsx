import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from "../../common/constants";
import { useLoadingStore } from "../stores/loadingStore";

/**
 * The loading bar's timers while work runs (spec section 9): `show` after the throttle of 200 ms, so
 * that quick calls never flash it, and `giveUp` after 5 s, so that a slow call does not keep it on
 * screen. Returns the function that cancels both when the work ends.
 */
export function scheduleLoadingBar(show: () => void, giveUp: () => void): () => void {
  const shown = setTimeout(show, LOADING_BAR_THROTTLE_MS);
  const gaveUp = setTimeout(giveUp, LOADING_BAR_DURATION_MS);
  return () => {
    clearTimeout(shown);
    clearTimeout(gaveUp);
  };
}

/** A thin bar at the top while calls or page chunks load: shown after 200 ms, never longer than 5 s. */
export function LoadingBar() {
  const requests = useLoadingStore((s) => s.active);
  const navigating = useNavigation().state !== "idle";
  const busy = requests > 0 || navigating;
  const [visible, setVisible] = useState(false);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    if (!busy) {
      setWidth(100);
      const hide = setTimeout(() => {
        setVisible(false);
        setWidth(0);
      }, 250);
      return () => clearTimeout(hide);
    }
    return scheduleLoadingBar(
      () => {
        setVisible(true);
        setWidth(70);
      },
      () => setVisible(false),
    );
  }, [busy]);

  if (!visible) return null;
  return <div className="loading-bar" style={{ width: `${width}%` }} role="progressbar" aria-label="loading" />;
}

import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from "../../common/constants";
import { useLoadingStore } from "../stores/loadingStore";

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
    const show = setTimeout(() => {
      setVisible(true);
      setWidth(70);
    }, LOADING_BAR_THROTTLE_MS);
    const giveUp = setTimeout(() => setVisible(false), LOADING_BAR_DURATION_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(giveUp);
    };
  }, [busy]);

  if (!visible) return null;
  return <div className="loading-bar" style={{ width: `${width}%` }} role="progressbar" aria-label="loading" />;
}

import { useEffect, useRef } from "react";
import { keyAction, type SwipeAction } from "./swipeLogic";

/**
 * The arrow keys play a swipe stack (left passes, right likes), unless the visitor is typing somewhere
 * or `paused()` says so (a dialog is open). The listener is added once and calls the latest `swipe`, which sees
 * the current stack; a key that swiped does not also scroll the page.
 */
export function useSwipeKeys(swipe: (action: SwipeAction) => boolean, paused: () => boolean): void {
  const onKey = useRef<(e: KeyboardEvent) => void>(() => {});
  onKey.current = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || paused()) return;
    if (e.target instanceof HTMLElement && e.target.closest("input, textarea, select, [contenteditable=true]")) return;
    const action = keyAction(e.key);
    if (action && swipe(action)) e.preventDefault();
  };
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey.current(e);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
}

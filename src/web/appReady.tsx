import { useEffect } from "react";

/**
 * Tells visitor.ts that the app stands on the page the server rendered (it then replays the clicks and
 * keys it held). In AppRoot, inside the page's Suspense boundary: React hydrates that boundary after
 * the shell around it, and a click replayed in between would reach markup without its handlers.
 */
export function AppReady() {
  useEffect(() => {
    window.dispatchEvent(new Event("amoria:app-ready"));
  }, []);
  return null;
}

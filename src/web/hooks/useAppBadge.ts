import { useEffect } from "react";
import { useChatStore } from "../stores/chatStore";

export type BadgeNavigator = { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** Shows `count` on the app icon, or clears it at 0; where the browser has no badge, or refuses, nothing happens. */
export function showAppBadge(nav: BadgeNavigator, count: number): void {
  if (!nav.setAppBadge || !nav.clearAppBadge) return;
  (count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge()).catch(() => {});
}

/** The installed app's icon shows unread messages plus new likes where supported; failures are ignored (spec sections 4 and 8). */
export function useAppBadge(loggedIn: boolean): void {
  const count = useChatStore((s) => s.totalUnreadMessages + s.totalNewLikes);
  useEffect(() => showAppBadge(navigator as BadgeNavigator, loggedIn ? count : 0), [count, loggedIn]);
}

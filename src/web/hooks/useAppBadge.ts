import { useEffect } from "react";
import { useChatStore } from "../stores/chatStore";

type BadgeNavigator = Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** The installed app's icon shows unread messages plus new likes where supported; failures are ignored (spec sections 4 and 8). */
export function useAppBadge(loggedIn: boolean): void {
  const count = useChatStore((s) => s.totalUnreadMessages + s.totalNewLikes);
  useEffect(() => {
    const nav = navigator as BadgeNavigator;
    if (!nav.setAppBadge || !nav.clearAppBadge) return;
    const shown = loggedIn ? count : 0;
    (shown > 0 ? nav.setAppBadge(shown) : nav.clearAppBadge()).catch(() => {});
  }, [count, loggedIn]);
}

import { useEffect } from "react";
import { useSettings } from "../api/settingsApi";
import { useUser } from "../api/userApi";
import { useChatStore } from "../stores/chatStore";

/** The title from the site settings, prefixed with "(n) " for unread messages plus new likes. */
export function pageTitle(base: string, unread: number): string {
  return unread > 0 ? `(${unread}) ${base}` : base;
}

export function usePageTitle(): void {
  const settings = useSettings();
  const user = useUser();
  const unread = useChatStore((s) => s.totalUnreadMessages + s.totalNewLikes);
  useEffect(() => {
    document.title = pageTitle(settings.index_title || settings.name, user ? unread : 0);
  }, [settings.index_title, settings.name, unread, user]);
}

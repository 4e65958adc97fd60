import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSettings } from "../api/settingsApi";
import { useUser } from "../api/userApi";
import { useChatStore } from "../stores/chatStore";
import { PAGE_TITLE_KEYS } from "./pageTitleKeys";
import { useRouteName } from "./useRouteName";

export interface PageTitleInput {
  /** The page's own name in the member's language, or null for the site's front doors. */
  page: string | null;
  /** The site's name. */
  site: string;
  /** The site's title (index_title), for the front doors; the name when empty. */
  siteTitle: string;
  /** Unread messages plus new likes (0 for a visitor). */
  unread: number;
}

/** "(3) Messages – Amoria": the page's name and the site's, prefixed with "(n) " when unread messages plus new likes are above zero (spec section 2). */
export function pageTitle({ page, site, siteTitle, unread }: PageTitleInput): string {
  const base = page ? `${page} – ${site}` : siteTitle || site;
  return unread > 0 ? `(${unread}) ${base}` : base;
}

/** Keeps the tab's title on the current page, in the page's language. */
export function usePageTitle(): void {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const routeName = useRouteName();
  const unread = useChatStore((s) => s.totalUnreadMessages + s.totalNewLikes);
  const key = routeName ? PAGE_TITLE_KEYS[routeName] : undefined;
  const page = key ? t(key, { status: 404 }) : null;
  useEffect(() => {
    document.title = pageTitle({ page, site: settings.name, siteTitle: settings.index_title, unread: user ? unread : 0 });
  }, [page, settings.index_title, settings.name, unread, user]);
}

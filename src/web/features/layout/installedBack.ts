// The back button of the installed app (spec section 2: "a back button shows only in the installed
// app, on some routes"). Installed, the site has no browser toolbar, so inner pages need a way back.
// Our choice of routes: every page except the ones a member starts from, which the top bar reaches
// directly: the home page, the manifest's start_url /members, chats and likes, and login and signup
// (where there is nothing to go back to inside the app).

export const INSTALLED_ROOT_ROUTES: readonly string[] = ["index", "members", "chats", "likes", "likes-type", "login", "signup"];

export function showInstalledBack(installed: boolean, routeName: string | null): boolean {
  return installed && routeName !== null && !INSTALLED_ROOT_ROUTES.includes(routeName);
}

/**
 * Where back goes: the previous page of this app session, or, when the app was opened right on this
 * page (a push notification, a link), the members area (the manifest's start_url) rather than nowhere.
 */
export function installedBackTarget(historyIndex: number | undefined): -1 | "/members" {
  return historyIndex !== undefined && historyIndex > 0 ? -1 : "/members";
}

import { LANDERS } from "./landers";
import { PAYMENT_METHOD_IDS } from "./paymentMethods";
// Not from ./schemas/ids: the route table is in every first page, zod is not.
import { INT4_MAX } from "./int4";

// The page routes the site serves (spec section 2), shared by the client's router and the server,
// which answers 404 for any other path. A route joins this table when its screen is built.

/**
 * The layouts pages render in (spec section 2). The spec also describes an "Empty" layout (signup
 * modal, entry warning for NL and DE only) but gives it no route: every route of its table either
 * needs the navigation of the default layout, or is a landing page, which the Lander layout covers
 * with the same NL/DE entry-warning rule and the signup modal. A layout no route uses could only rot,
 * so it was removed (issue 21); a page that needs a bare screen would bring it back with its route.
 */
export type LayoutName = "default" | "chat" | "lander" | "console";

/** The token page's segment: a login link's token (common/schemas/auth.ts LOGIN_LINK_PATTERN). */
export const LOGIN_LINK_TOKEN = "[A-Za-z0-9_-]{40,100}";

/** A shared date's link (/date/<token>): 128 random bits, URL-safe (common/schemas/dateShares.ts). */
export const DATE_SHARE_TOKEN = "[A-Za-z0-9_-]{22}";

/** A row's id in a path: a positive whole number the database can hold (1 to INT4_MAX); "0", "abc" or "-1" name nothing. */
export const ID = "id";
/** The tabs of the likes page, /likes/{type} (spec section 2). */
export const LIKES_TYPES = ["received", "sent", "matches"] as const;
const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

export interface PageRoute {
  /** Internal route name of spec section 2 where it gives one. */
  name: string;
  /** React Router path syntax: `:id` parameters, `:slug?` optional. */
  path: string;
  layout: LayoutName;
  /** Pages that need a logged-in member send visitors to /login. */
  auth?: boolean;
  /**
   * What each parameter must look like (a regular expression source, or ID for a row's id): a path
   * whose parameters do not is no page, and the server answers it with the 404 page.
   */
  params?: Readonly<Record<string, string>>;
}

export const PAGE_ROUTES = [
  { name: "index", path: "/", layout: "default" },
  { name: "login", path: "/login", layout: "default" },
  { name: "signup", path: "/signup", layout: "default" },
  { name: "complete-signup", path: "/complete-signup", layout: "default" },
  { name: "signup-matches", path: "/signup-matches", layout: "default", auth: true },
  { name: "reset-password", path: "/reset-password", layout: "default" },
  { name: "reset-password-do", path: "/reset-password/do", layout: "default" },
  { name: "activate-done", path: "/activate/done", layout: "default" },
  { name: "activate-error", path: "/activate/error", layout: "default" },
  { name: "mail-change-do", path: "/mail-change/do", layout: "default" },
  // "This wasn't me": the link of a password or e-mail change alert.
  { name: "secure-account", path: "/secure-account", layout: "default" },
  { name: "members", path: "/members", layout: "default" },
  { name: "members-id", path: "/members/:id", layout: "default", params: { id: ID } },
  { name: "members-id-signup", path: "/members/:id/signup", layout: "lander", params: { id: ID } },
  { name: "members-id-landing", path: "/members/:id/landing", layout: "lander", params: { id: ID } },
  { name: "members-id-landing2", path: "/members/:id/landing2/:slug?", layout: "lander", params: { id: ID } },
  { name: "members-id-landing3", path: "/members/:id/landing3/:slug?", layout: "lander", params: { id: ID } },
  { name: "landers-tinderswipe", path: "/landers/tinderswipe", layout: "lander" },
  { name: "landers-name", path: "/landers/:name/:slug?", layout: "lander", params: { name: LANDERS.join("|") } },
  { name: "chats", path: "/chats", layout: "default", auth: true },
  { name: "chats-id", path: "/chats/:id", layout: "chat", auth: true, params: { id: ID } },
  { name: "members-id-chat", path: "/members/:id/chat", layout: "chat", auth: true, params: { id: ID } },
  { name: "likes", path: "/likes", layout: "default", auth: true },
  { name: "likes-type", path: "/likes/:type", layout: "default", auth: true, params: { type: LIKES_TYPES.join("|") } },
  { name: "likes-m-id", path: "/likes/m/:id", layout: "default", auth: true, params: { id: ID } },
  { name: "swipe-game", path: "/swipe-game", layout: "default", auth: true },
  { name: "match-finder", path: "/match-finder", layout: "default" },
  { name: "profile", path: "/profile", layout: "default", auth: true },
  { name: "lang-config", path: "/lang-config", layout: "default" },
  { name: "notifications", path: "/notifications", layout: "default", auth: true },
  { name: "unsubscribe", path: "/unsubscribe", layout: "default" },
  { name: "credits", path: "/credits", layout: "default", auth: true },
  { name: "credits-repeat-order", path: "/credits/repeat-order", layout: "default", auth: true },
  {
    name: "credits-id-paymentmethod",
    path: "/credits/:id/:paymentmethod?",
    layout: "default",
    auth: true,
    params: { id: ID, paymentmethod: PAYMENT_METHOD_IDS.join("|") },
  },
  { name: "premium", path: "/premium", layout: "default", auth: true },
  { name: "directdebit", path: "/directdebit", layout: "default", auth: true },
  { name: "pricing", path: "/pricing", layout: "default" },
  { name: "transactions", path: "/transactions/:id?", layout: "default", auth: true, params: { id: UUID } },
  { name: "pages-terms", path: "/pages/terms", layout: "default" },
  { name: "pages-privacy", path: "/pages/privacy", layout: "default" },
  { name: "pages-cookies", path: "/pages/cookies", layout: "default" },
  { name: "pages-ban", path: "/pages/ban", layout: "default" },
  { name: "pages-return-policy", path: "/pages/return-policy", layout: "default" },
  { name: "pages-faq", path: "/pages/faq", layout: "default" },
  { name: "pages-service", path: "/pages/service", layout: "default" },
  { name: "complaints", path: "/complaints", layout: "default" },
  // Trust and safety (issue 16): the appeal of a decision (opened by its key, also without a login) and the safety tips.
  { name: "appeal", path: "/appeal", layout: "default" },
  { name: "safety", path: "/safety", layout: "default" },
  { name: "account-deleted", path: "/account-deleted", layout: "default" },
  { name: "reactivate", path: "/reactivate", layout: "default" },
  // The operators' console (issue 16): its own sign-in and chunk, none of it in the members' pages.
  { name: "console", path: "/console", layout: "console" },
  { name: "console-audit", path: "/console/audit", layout: "console" },
  { name: "console-reports", path: "/console/reports", layout: "console" },
  { name: "console-photos", path: "/console/photos", layout: "console" },
  { name: "console-verifications", path: "/console/verifications", layout: "console" },
  { name: "console-appeals", path: "/console/appeals", layout: "console" },
  { name: "console-complaints", path: "/console/complaints", layout: "console" },
  { name: "console-operations", path: "/console/operations", layout: "console" },
  { name: "console-members-id", path: "/console/members/:id", layout: "console", params: { id: ID } },
  // Share my date (issue 22): what a member's link shows a friend, without a login.
  { name: "date-share", path: "/date/:token", layout: "default", params: { token: DATE_SHARE_TOKEN } },
  // The token page: a login link from a notification e-mail (any other one-segment path is no page).
  { name: "token", path: "/:token", layout: "default", params: { token: LOGIN_LINK_TOKEN } },
] as const satisfies readonly PageRoute[];

export type RouteName = (typeof PAGE_ROUTES)[number]["name"];

/** Routes that make up the members area (spec section 2), as far as they exist. */
export const MEMBERS_AREA_ROUTES: readonly string[] = ["members", "members-id", "chats", "likes", "likes-m-id", "premium"];

/**
 * The entry warning is hidden on these routes: those of spec section 2, and the legal pages, which a
 * visitor must be able to read before agreeing to them (the warning links to them).
 */
export const ENTRY_WARNING_HIDDEN_ROUTES: readonly string[] = [
  "complete-signup",
  "reset-password",
  "reset-password-do",
  "secure-account",
  "pages-terms",
  "pages-privacy",
  "pages-cookies",
  "pages-ban",
  "pages-return-policy",
];

/** A path as a regular expression: each parameter a named group of its shape (any segment without one). */
function toRegExp(path: string, params: Readonly<Record<string, string>> = {}): RegExp {
  const pattern = path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(":")) {
        const name = segment.replace(/^:|\?$/g, "");
        const shape = params[name] === ID ? "[1-9]\\d{0,9}" : (params[name] ?? "[^/]+");
        const value = `(?<${name}>${shape})`;
        return segment.endsWith("?") ? `(?:/${value})?` : `/${value}`;
      }
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    })
    .join("");
  return new RegExp(`^${pattern || "/"}/?$`);
}

const compiled = PAGE_ROUTES.map((route: PageRoute) => ({ route, re: toRegExp(route.path, route.params) }));

/** Every id parameter of a match within what the database holds. */
function idsInRange(route: PageRoute, match: RegExpExecArray): boolean {
  return Object.entries(route.params ?? {}).every(
    ([name, shape]) => shape !== ID || match.groups?.[name] === undefined || Number(match.groups[name]) <= INT4_MAX,
  );
}

/** The page route a pathname belongs to, or null when the site has no such page (parameters of the wrong shape included). */
export function matchPageRoute(pathname: string): PageRoute | null {
  return matchPage(pathname)?.route ?? null;
}

/** A page route a pathname matched, with the values of its parameters (an optional one left out is absent). */
export interface PageMatch {
  route: PageRoute;
  params: Readonly<Record<string, string | undefined>>;
}

/** The page route a pathname belongs to and its parameters' values, or null (as matchPageRoute). */
export function matchPage(pathname: string): PageMatch | null {
  for (const { route, re } of compiled) {
    const match = re.exec(pathname);
    if (match && idsInRange(route, match)) return { route, params: { ...match.groups } };
  }
  return null;
}

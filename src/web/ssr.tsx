import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { FirstData } from "../common/firstData";
import type { Language } from "../common/locales";
import type { Settings } from "../common/schemas/settings";
import { queryClient } from "./api/queryClient";
import { queryKeys } from "./api/queryKeys";
import { seedHome, seedMember, seedOwnSearch } from "./api/membersApi";
import { seedSession } from "./api/userApi";
import { seedChats } from "./api/chatApi";
import { useChatStore } from "./stores/chatStore";
import { dismissalsFromCookie, useDismissalStore } from "./stores/dismissals";
import { seedLander } from "./api/landersApi";
import { seedCompany } from "./api/settingsApi";
import { i18next } from "./i18n/i18n";
import { numberFormatter } from "./i18n/pageLocale";
import { initReactI18next } from "react-i18next";
import { renderToStringAsync } from "preact-render-to-string";
import { routes } from "./routes";

// A first page rendered on the server (built by vite.config.ts's second, server build into dist/ssr;
// the server's web routes call it): the same components, routes, texts and data as the app, so the
// HTML is the page the app then hydrates, without a shift. Used for the pages whose data the server
// sends with the HTML: a visitor's landers and home and signup's form (SERVER_RENDERED in
// web.routes.ts; the app is fetched after the first paint and runs on the visitor's first touch,
// visitor.ts), and a member's home, search and conversations (MEMBER_FIRST_MODULES; the app is
// fetched once the page has loaded and takes it over then). What only the browser knows is left out or taken from its cookies:
// local times (hooks/useLocalTime.ts), the dismissed banners (stores/dismissals.ts).

const locales = import.meta.glob<{ default: Record<string, unknown> }>("./i18n/locales/*.json", { eager: true });

let ready: Promise<unknown> | null = null;
function initTexts(): Promise<unknown> {
  ready ??= i18next
    .use(initReactI18next)
    .use(numberFormatter)
    .init({
      lng: "en",
      fallbackLng: false,
      resources: Object.fromEntries(
        Object.entries(locales).map(([path, module]) => [path.replace(/^.*\/(\w+)\.json$/, "$1"), { translation: module.default }]),
      ),
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
    });
  return ready;
}

/** One render at a time: the query cache and the texts' language are the module's, as in the browser. */
let queue: Promise<unknown> = Promise.resolve();

export interface RenderInput {
  /** The page's full address (origin, path and query). */
  url: string;
  language: Language;
  /** What GET /api/settings.php answers this request. */
  settings: Settings;
  /** The data block the HTML brings (the lander's profiles, the home's members; a member's session and page data). */
  data: FirstData;
  /** The dismissals cookie of a member's browser: the banners it no longer shows. */
  dismissals?: string;
}

async function renderOnce(input: RenderInput): Promise<string | null> {
  await initTexts();
  await i18next.changeLanguage(input.language);
  queryClient.clear();
  useChatStore.getState().reset();
  useDismissalStore.setState({ at: dismissalsFromCookie(input.dismissals) });
  queryClient.setQueryData(queryKeys.settings, input.settings);
  queryClient.setQueryData(queryKeys.user, null);
  if (input.data.session) seedSession(input.data.session);
  if (input.data.search) seedOwnSearch(queryClient, input.data.search);
  if (input.data.chats) seedChats(input.data.chats);
  if (input.data.lander) seedLander(queryClient, input.data.lander);
  if (input.data.home) seedHome(queryClient, input.data.home);
  if (input.data.member) seedMember(queryClient, input.data.member);
  if (input.data.company) seedCompany(queryClient, input.data.company);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(input.url));
  // A redirect, or a route that failed: the app handles it in the browser.
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // Waits for the lazy parts (the route's page and layout) as React's prerender did; a part that
  // fails throws, and the whole page goes to the app instead.
  // The app's elements are Preact's at run time (see preactAliases.ts); their types are React's.
  const page = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>
  );
  return renderToStringAsync(page as unknown as Parameters<typeof renderToStringAsync>[0]);
}

/** The page's markup for the app's root element, or null when it is not one to render here. */
export function renderPage(input: RenderInput): Promise<string | null> {
  const result = queue.then(() => renderOnce(input));
  queue = result.catch(() => null);
  return result;
}

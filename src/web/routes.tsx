import type { ComponentType, ReactNode } from "react";
import { type RouteObject, useLocation } from "react-router";
import { type LayoutName, matchPageRoute, PAGE_ROUTES } from "../common/routes";
import { pages, preloadPage } from "./pageLoaders";
import { setPagePreloader } from "./prefetch";
import type { RouteHandle } from "./routeHandle";
import { RequireMember } from "./features/auth/RequireMember";
import { importWithReload } from "./lazyWithReload";
import { AppRoot } from "./AppRoot";
import { NotFoundPage } from "./pages/NotFoundPage";
import { RouteErrorPage } from "./pages/RouteErrorPage";

setPagePreloader(preloadPage);

// Each layout is a chunk of its own, loaded beside its page's (React Router runs the lazy functions of
// the matched routes in parallel): a lander never loads the top bar and its dropdowns, a page of the
// default layout never the operator console's.
const layouts: Record<LayoutName, () => Promise<ComponentType>> = {
  default: async () => (await import("./layouts/DefaultLayout")).DefaultLayout,
  chat: async () => (await import("./layouts/ChatLayout")).ChatLayout,
  lander: async () => (await import("./layouts/LanderLayout")).LanderLayout,
  console: async () => (await import("./layouts/ConsoleLayout")).ConsoleLayout,
};

/** A layout route that loads its layout's chunk (reloading once when a deploy removed it). */
function layoutRoute(layout: LayoutName, children: RouteObject[]): RouteObject {
  return { lazy: async () => ({ Component: await importWithReload(layouts[layout])() }), children };
}

/**
 * A page, or the not-found page when its path's parameters have the wrong shape (/members/abc,
 * /chats/0): React Router matches any segment, the route table knows the shapes, and the server
 * answers such a path with 404 too.
 */
function ShapedPage({ name, children }: { name: string; children: ReactNode }) {
  return matchPageRoute(useLocation().pathname)?.name === name ? children : <NotFoundPage />;
}

function pageRoutes(layout: LayoutName): RouteObject[] {
  return PAGE_ROUTES.filter((r) => r.layout === layout).map((route) => {
    const [load, exportName] = pages[route.name];
    const needsMember = "auth" in route && route.auth;
    return {
      path: route.path,
      handle: { name: route.name, layout } satisfies RouteHandle,
      lazy: async () => {
        const Page = (await importWithReload(load)())[exportName];
        const page = needsMember ? (
          <RequireMember>
            <Page />
          </RequireMember>
        ) : (
          <Page />
        );
        return { element: <ShapedPage name={route.name}>{page}</ShapedPage> };
      },
    };
  });
}

/** The route tree: the browser's router (router.ts) and the server's rendering of a visitor's first page (ssr.tsx). */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorPage />,
    children: [
      ...(Object.keys(layouts) as LayoutName[]).map((layout) => layoutRoute(layout, pageRoutes(layout))),
      layoutRoute("default", [{ path: "*", element: <NotFoundPage />, handle: { name: "not-found", layout: "default" } satisfies RouteHandle }]),
    ],
  },
];

import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { type LayoutName, PAGE_ROUTES } from "../common/routes";
import { pages } from "./pageLoaders";
import { RequireMember } from "./features/auth/RequireMember";
import { ChatLayout } from "./layouts/ChatLayout";
import { DefaultLayout } from "./layouts/DefaultLayout";
import { EmptyLayout } from "./layouts/EmptyLayout";
import { LanderLayout } from "./layouts/LanderLayout";
import { importWithReload } from "./lazyWithReload";
import { AppRoot } from "./AppRoot";
import { NotFoundPage } from "./pages/NotFoundPage";
import { RouteErrorPage } from "./pages/RouteErrorPage";

const layouts: Record<LayoutName, ComponentType> = {
  default: DefaultLayout,
  chat: ChatLayout,
  lander: LanderLayout,
  empty: EmptyLayout,
};

export interface RouteHandle {
  name: string;
  layout: LayoutName;
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
        return { Component: needsMember ? () => <RequireMember><Page /></RequireMember> : Page };
      },
    };
  });
}

export const router = createBrowserRouter([
  {
    element: <AppRoot />,
    errorElement: <RouteErrorPage />,
    children: [
      ...(Object.keys(layouts) as LayoutName[]).map((layout) => {
        const Layout = layouts[layout];
        return { element: <Layout />, children: pageRoutes(layout) };
      }),
      {
        element: <DefaultLayout />,
        children: [{ path: "*", element: <NotFoundPage />, handle: { name: "not-found", layout: "default" } satisfies RouteHandle }],
      },
    ],
  },
]);

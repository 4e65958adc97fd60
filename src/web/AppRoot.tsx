import { Suspense, useEffect } from "react";
import { AppReady } from "./appReady";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { LoadingBar } from "./components/LoadingBar";
import { OfflineNotice } from "./components/OfflineNotice";
import { PageSpinner } from "./components/PageSpinner";
import { useAppBadge } from "./hooks/useAppBadge";
import { usePageTitle } from "./hooks/usePageTitle";
import { useUser } from "./api/userApi";
import { usePushSync } from "./features/push/usePushSync";
import { keepFocusInView } from "./keepFocusInView";
import { startPageHiddenBeacon } from "./pageHiddenBeacon";
import { notePageSeen } from "./stores/visitStore";

/** Above every layout: loading bar, connection notice, page title, app badge, push subscription, the page-hidden beacon, focus kept clear of sticky bars and the pages of the visit. */
export function AppRoot() {
  usePageTitle();
  useAppBadge(useUser() !== null);
  usePushSync();
  useEffect(() => startPageHiddenBeacon(), []);
  useEffect(() => keepFocusInView(), []);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is a new page of the visit
  useEffect(() => notePageSeen(), [pathname]);
  return (
    <>
      <LoadingBar />
      <OfflineNotice />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
        {/* Inside the page's boundary: told once the page itself is hydrated, not only the shell around it. */}
        <AppReady />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

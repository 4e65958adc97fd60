import { Suspense, useEffect } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { LoadingBar } from "./components/LoadingBar";
import { OfflineNotice } from "./components/OfflineNotice";
import { PageSpinner } from "./components/PageSpinner";
import { useAppBadge } from "./hooks/useAppBadge";
import { usePageTitle } from "./hooks/usePageTitle";
import { useUser } from "./api/userApi";
import { usePushSync } from "./features/push/usePushSync";
import { startPageHiddenBeacon } from "./pageHiddenBeacon";

/** Above every layout: loading bar, connection notice, page title, app badge, push subscription and the page-hidden beacon. */
export function AppRoot() {
  usePageTitle();
  useAppBadge(useUser() !== null);
  usePushSync();
  useEffect(() => startPageHiddenBeacon(), []);
  return (
    <>
      <LoadingBar />
      <OfflineNotice />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

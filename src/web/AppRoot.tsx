import { Suspense, useEffect } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { LoadingBar } from "./components/LoadingBar";
import { OfflineNotice } from "./components/OfflineNotice";
import { PageSpinner } from "./components/PageSpinner";
import { usePageTitle } from "./hooks/usePageTitle";
import { startPageHiddenBeacon } from "./pageHiddenBeacon";

/** Above every layout: loading bar, connection notice, page title and the page-hidden beacon. */
export function AppRoot() {
  usePageTitle();
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

import "./styles/theme.scss";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { onLoggedOut, onRestricted } from "./api/apiClient";
import { photoNoticesQuery } from "./api/photoNoticesApi";
import { queryClient } from "./api/queryClient";
import { seedLanderFromPage } from "./api/landersApi";
import { seedCompanyFromPage, settingsQuery } from "./api/settingsApi";
import { seedSessionFromPage, setLoggedOut, userQuery } from "./api/userApi";
import { captureTracking } from "./features/auth/tracking";
import { startPush } from "./features/push/pushClient";
import { listenToServiceWorker } from "./features/push/serviceWorkerMessages";
import { initI18n } from "./i18n/i18n";
import { router } from "./router";
import { trackNetwork } from "./stores/networkStore";
import { useBanStore } from "./stores/banStore";
import { setTakingOver } from "./hooks/useLocalTime";

/** Resolves once the router has loaded the first page's layout and page chunks. */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

async function boot(): Promise<void> {
  trackNetwork();
  captureTracking(window.location.search);
  onLoggedOut(setLoggedOut);
  // A ban or suspension ended the session: the member is a visitor now and reads why on the ban page.
  onRestricted((restriction) => {
    useBanStore.getState().show(restriction);
    setLoggedOut();
    void router.navigate("/pages/ban");
  });
  seedLanderFromPage(queryClient);
  seedCompanyFromPage(queryClient);
  const sessionFromPage = seedSessionFromPage();
  const container = document.getElementById("root") as HTMLElement;
  // A page the server rendered (ssr.tsx): the app takes over its markup (hydrates it) once the
  // router has the page's chunks, so nothing on it is built again (its photos and videos stay).
  const serverRendered = container.hasAttribute("data-ssr");
  try {
    // Settings and the member first: they decide the language and what the top bar shows.
    // A member's photo notices too: they decide the top banner, which would otherwise push the page
    // down when they arrive (a layout shift on every member's first page).
    // A member's page brings all three with its HTML (the settings too): nothing to ask for.
    const member = sessionFromPage
      ? null
      : queryClient
          .fetchQuery(userQuery)
          .then((user) => (user ? queryClient.prefetchQuery(photoNoticesQuery) : undefined))
          .catch(() => null);
    const [settings] = await Promise.all([queryClient.fetchQuery(settingsQuery), member]);
    await initI18n(settings.language);
    startPush(settings.push_public_key);
  } catch {
    createRoot(container).render(
      <div className="container py-5 text-center">
        <p className="display-4 text-primary">500</p>
        <p>An error occured, please try again later.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          ↻
        </button>
      </div>,
    );
    // The page the server rendered is gone: what visitor.ts held is for no page, and the button above must work.
    if (serverRendered) window.dispatchEvent(new Event("amoria:app-ready"));
    return;
  }
  listenToServiceWorker((path) => void router.navigate(path));
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  if (!serverRendered) createRoot(container).render(app);
  else {
    await routerReady();
    setTakingOver(true);
    hydrateRoot(container, app);
    setTakingOver(false);
  }
}

void boot();

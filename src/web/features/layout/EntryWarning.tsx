import { lazy, Suspense, useEffect, useState } from "react";
import type { LayoutName } from "../../../common/routes";
import { useSettings } from "../../api/settingsApi";
import { useUser } from "../../api/userApi";
import { isInstalledApp } from "../../hooks/useInstalledApp";
import { useRouteName } from "../../hooks/useRouteName";
import { importWithReload } from "../../lazyWithReload";
import { useDismissed } from "../../stores/dismissals";
import { entryWarningVisible } from "./entryWarningVisible";

const EntryWarningDialog = lazy(() => importWithReload(() => import("./EntryWarningDialog"))().then((m) => ({ default: m.EntryWarningDialog })));

/**
 * The adult-content warning for visitors (spec section 2, site-entry warning). Only visitors from a
 * few countries see it: the dialog loads for them alone, and stays mounted once shown (its fade-out).
 */
export function EntryWarning({ layout }: { layout: LayoutName }) {
  const settings = useSettings();
  const user = useUser();
  const routeName = useRouteName();
  const dismissed = useDismissed("hide-entry-warning");
  const show = entryWarningVisible({
    loggedIn: user !== null,
    installedApp: isInstalledApp(),
    dismissed,
    enableSiteEntryPopup: settings.enable_site_entry_popup,
    country: settings.geoip_country,
    allowedCountries: settings.entry_warning_countries,
    layout,
    routeName,
  });
  const [loaded, setLoaded] = useState(show);
  useEffect(() => {
    if (show) setLoaded(true);
  }, [show]);
  if (!loaded && !show) return null;
  return (
    <Suspense fallback={null}>
      <EntryWarningDialog show={show} />
    </Suspense>
  );
}

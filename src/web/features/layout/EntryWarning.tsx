import { Button, Modal } from "react-bootstrap";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LayoutName } from "../../../common/routes";
import { useSettings } from "../../api/settingsApi";
import { useUser } from "../../api/userApi";
import { isInstalledApp } from "../../hooks/useInstalledApp";
import { useRouteName } from "../../hooks/useRouteName";
import { dismiss, useDismissed } from "../../stores/dismissals";
import { entryWarningVisible } from "./entryWarningVisible";

/** Where "Leave" takes a visitor who does not want to see adult content. */
const LEAVE_URL = "https://www.google.com/";

/** The adult-content warning for visitors (spec section 2, site-entry warning). */
export function EntryWarning({ layout }: { layout: LayoutName }) {
  const { t } = useTranslation();
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
  const enter = () => dismiss("hide-entry-warning");
  return (
    <Modal show={show} backdrop="static" keyboard={false} centered aria-labelledby="entry-warning-title" data-testid="entry-warning">
      <Modal.Header>
        <Modal.Title id="entry-warning-title">
          <span className="badge bg-primary me-2">18+</span>
          {t("entry.title")}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t("entry.body")}</p>
        <p className="small text-body-secondary">
          <Trans i18nKey="entry.rules" components={{ terms: <Link to="/pages/terms" /> }} />
        </p>
        {/* The legal pages open without this warning (ENTRY_WARNING_HIDDEN_ROUTES): read first, then decide. */}
        <p className="small mb-0 d-flex flex-wrap gap-3" data-testid="entry-warning-legal">
          <Link to="/pages/terms">{t("footer.terms")}</Link>
          <Link to="/pages/privacy">{t("footer.privacy")}</Link>
        </p>
      </Modal.Body>
      <Modal.Footer className="d-flex flex-column flex-sm-row">
        <Button variant="outline-secondary" href={LEAVE_URL}>
          {t("entry.leave")}
        </Button>
        <Button variant="primary" onClick={enter} data-testid="entry-warning-enter">
          {t("entry.enter")}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

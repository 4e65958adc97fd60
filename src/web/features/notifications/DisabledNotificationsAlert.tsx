import { Alert, Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useUser } from "../../api/userApi";
import { PrefetchLink } from "../../components/PrefetchLink";
import { useRouteName } from "../../hooks/useRouteName";
import { dismiss, useDismissed } from "../../stores/dismissals";
import { disabledNotificationsAlertVisible } from "./disabledNotificationsAlertVisible";
import { disabledReasonKey } from "./disabledReason";

/** Tells a member that we stopped their e-mails, and why, with the way to turn them back on (spec section 2). */
export function DisabledNotificationsAlert() {
  const { t } = useTranslation();
  const user = useUser();
  const routeName = useRouteName();
  const { hash } = useLocation();
  const dismissed = useDismissed("hide-disabled-notifications-alert");
  const disabled = user?.notifications_disabled ?? [];
  if (!disabledNotificationsAlertVisible({ loggedIn: user !== null, disabled, routeName, hash, dismissed })) return null;
  return (
    <Container className="mt-3">
      <Alert
        variant="warning"
        dismissible
        onClose={() => dismiss("hide-disabled-notifications-alert")}
        closeLabel={t("common.close")}
        className="d-flex flex-wrap align-items-center gap-2 mb-0"
        data-testid="disabled-notifications-alert"
      >
        <span className="me-auto">
          <strong>{t("notifications.disabled_title")}</strong> {t(disabledReasonKey(disabled))}
        </span>
        <PrefetchLink to="/notifications" className="btn btn-sm btn-warning">
          {t("notifications.disabled_button")}
        </PrefetchLink>
      </Alert>
    </Container>
  );
}

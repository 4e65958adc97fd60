import { Alert, Button, Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useUser } from "../../api/userApi";
import { Icon } from "../../components/Icon";
import { useRouteName } from "../../hooks/useRouteName";
import { dismiss, useDismissed } from "../../stores/dismissals";
import { selectPushState, usePushStore } from "../../stores/pushStore";
import { enablePush } from "./pushClient";
import { pushAlertVisible } from "./pushState";

/** Offers push notifications to a member whose browser can have them (spec section 2, banners); dismissal is remembered. */
export function PushAlert() {
  const { t } = useTranslation();
  const user = useUser();
  const routeName = useRouteName();
  const state = usePushStore(selectPushState);
  const ready = usePushStore((s) => s.ready);
  const busy = usePushStore((s) => s.busy);
  const failed = usePushStore((s) => s.error === "enable_failed");
  const dismissed = useDismissed("hide-push-notification-alert");
  if (!user || !pushAlertVisible({ loggedIn: true, ready, state, dismissed, routeName })) return null;
  // "Not now" and the close button alike: no asking again for a week (stores/dismissals.ts).
  const close = () => dismiss("hide-push-notification-alert");
  return (
    <Container className="mt-3">
      <Alert
        variant="info"
        dismissible
        onClose={close}
        closeLabel={t("common.close")}
        className="d-flex flex-wrap align-items-center gap-2 mb-0"
        data-testid="push-alert"
      >
        <Icon name="bell" size={22} className="text-primary flex-shrink-0" />
        <span className="me-auto">
          {t("push.alert_text")}
          {failed && (
            <span className="d-block small text-danger" role="alert">
              {t("push.error_enable")}
            </span>
          )}
        </span>
        <Button size="sm" variant="outline-secondary" onClick={close} data-testid="push-alert-not-now">
          {t("signup_steps.not_now")}
        </Button>
        <Button size="sm" variant="primary" disabled={busy} onClick={() => void enablePush(user.id)} data-testid="push-alert-enable">
          {t("push.alert_button")}
        </Button>
      </Alert>
    </Container>
  );
}

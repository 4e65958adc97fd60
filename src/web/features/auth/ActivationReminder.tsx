import { Alert, Button, Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useResendActivation, useUser } from "../../api/userApi";
import { useRouteName } from "../../hooks/useRouteName";

const HIDDEN_ON = ["signup", "complete-signup", "profile", "notifications"];

/** The activate-e-mail reminder (spec section 2, banners), as an alert with a resend button. */
export function ActivationReminder() {
  const { t } = useTranslation();
  const user = useUser();
  const routeName = useRouteName();
  const resend = useResendActivation();
  if (user?.status !== "not_confirmed" || user.profile.status !== "disabled") return null;
  if (user.notifications_disabled.length > 0 || (routeName && HIDDEN_ON.includes(routeName))) return null;
  return (
    <Container className="mt-3">
      <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2 mb-0" data-testid="activation-reminder">
        <span className="me-auto">{t("activate.not_confirmed")}</span>
        {resend.isSuccess ? (
          <span className="small fw-semibold">{t("activate.resent")}</span>
        ) : (
          <Button size="sm" variant="outline-dark" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {t("activate.resend")}
          </Button>
        )}
        {resend.error && <span className="small text-danger w-100">{resend.error.message}</span>}
      </Alert>
    </Container>
  );
}

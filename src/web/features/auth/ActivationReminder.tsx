import { useState } from "react";
import { Alert, Button, Container } from "react-bootstrap";
import { LazyModal } from "../../components/LazyModal";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useResendActivation, useUser } from "../../api/userApi";
import { useRouteName } from "../../hooks/useRouteName";
import { activationReminderMode, isSmartphone } from "./activationReminderMode";

/** The activate-e-mail reminder (spec section 2, banners), with a resend button: a modal or an alert. */
export function ActivationReminder() {
  const { t } = useTranslation();
  const user = useUser();
  const routeName = useRouteName();
  const [search] = useSearchParams();
  const resend = useResendActivation();
  const [modalClosed, setModalClosed] = useState(false);
  if (!user) return null;
  const mode = activationReminderMode({
    status: user.status,
    profileStatus: user.profile.status,
    notificationsDisabled: user.notifications_disabled.length > 0,
    routeName,
    signupComplete: search.has("api_signup_complete"),
    smartphone: isSmartphone(),
  });
  if (!mode) return null;
  const resendButton = resend.isSuccess ? (
    <span className="small fw-semibold">{t("activate.resent")}</span>
  ) : (
    <Button size="sm" variant={mode === "modal" ? "primary" : "outline-dark"} disabled={resend.isPending} onClick={() => resend.mutate()}>
      {t("activate.resend")}
    </Button>
  );
  if (mode === "modal") {
    return (
      <LazyModal show={!modalClosed} onHide={() => setModalClosed(true)} centered data-testid="activation-reminder-modal">
        <LazyModal.Header closeButton closeLabel={t("common.close")}>
          <LazyModal.Title className="h5">{t("activate.modal_title")}</LazyModal.Title>
        </LazyModal.Header>
        <LazyModal.Body>
          <p>{t("activate.not_confirmed")}</p>
          {resendButton}
          {resend.error && <p className="small text-danger mt-2 mb-0">{resend.error.message}</p>}
        </LazyModal.Body>
      </LazyModal>
    );
  }
  return (
    <Container className="mt-3">
      <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2 mb-0" data-testid="activation-reminder">
        <span className="me-auto">{t("activate.not_confirmed")}</span>
        {resendButton}
        {resend.error && <span className="small text-danger w-100">{resend.error.message}</span>}
      </Alert>
    </Container>
  );
}

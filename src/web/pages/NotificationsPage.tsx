import { Alert, Button, Card, Container, Form } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { NotificationSettings } from "../../common/schemas/notifications";
import { useNotificationSettings, useUpdateNotifications } from "../api/notificationsApi";
import { PageSpinner } from "../components/PageSpinner";
import { disabledReasonKey } from "../features/notifications/disabledReason";
import { PushSettings } from "../features/push/PushSettings";

const CHOICES = ["messages", "likes", "matches"] as const;

/** Which e-mails a member gets; why they are off (complaint, bounce, unsubscribe) and how to turn them back on; push on this device. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const update = useUpdateNotifications();

  const save = (current: NotificationSettings, patch: Partial<NotificationSettings>, reenable = false) => {
    const next = { ...current, ...patch };
    update.mutate({ messages: next.messages, likes: next.likes, matches: next.matches, ...(reenable ? { reenable: true } : {}) });
  };

  return (
    <Container className="py-4" style={{ maxWidth: 720 }} data-testid="notifications-page">
      <h1 className="h3 mb-3">{t("notifications.title")}</h1>
      {settings.isPending ? (
        <PageSpinner />
      ) : settings.isError ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{settings.error.message}</span>
          <Button size="sm" variant="outline-danger" onClick={() => settings.refetch()}>
            {t("common.retry")}
          </Button>
        </Alert>
      ) : (
        <>
          {settings.data.disabled.length > 0 && (
            <Alert variant="warning" data-testid="notifications-disabled">
              <p className="fw-semibold mb-1">{t("notifications.disabled_title")}</p>
              <p className="mb-2">{t(disabledReasonKey(settings.data.disabled))}</p>
              <Button
                variant="warning"
                size="sm"
                disabled={update.isPending}
                onClick={() => save(settings.data, {}, true)}
                data-testid="notifications-reenable"
              >
                {t("notifications.reenable")}
              </Button>
            </Alert>
          )}
          <Card className="border-0 shadow-sm mb-4">
            <Card.Body>
              <h2 className="h5">{t("notifications.email_title")}</h2>
              <p className="text-body-secondary small">{t("notifications.email_intro")}</p>
              {CHOICES.map((choice) => (
                <Form.Check
                  key={choice}
                  type="switch"
                  id={`notify-${choice}`}
                  className="mb-3"
                  checked={settings.data[choice]}
                  disabled={settings.data.disabled.length > 0}
                  onChange={(event) => save(settings.data, { [choice]: event.target.checked })}
                  label={
                    <>
                      <span className="d-block fw-semibold">{t(`notifications.${choice}`)}</span>
                      <span className="d-block small text-body-secondary">{t(`notifications.${choice}_hint`)}</span>
                    </>
                  }
                  data-testid={`notify-${choice}`}
                />
              ))}
              <div aria-live="polite" className="small">
                {update.isError ? (
                  <span className="text-danger" role="alert">
                    {update.error.message}
                  </span>
                ) : update.isSuccess ? (
                  <span className="text-success-emphasis" data-testid="notifications-saved">
                    {t("common.saved")}
                  </span>
                ) : null}
              </div>
            </Card.Body>
          </Card>
        </>
      )}
      {/* Push on this device, next to the e-mails: the one place for every kind of notification. */}
      <PushSettings className="mb-4" />
    </Container>
  );
}

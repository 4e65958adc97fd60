import { Alert, Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useSettings } from "../api/settingsApi";
import { useUnsubscribe } from "../api/notificationsApi";
import { AuthCard } from "../components/AuthCard";

/**
 * The unsubscribe link of a notification e-mail. Opening it changes nothing (mail scanners open
 * links); the button does, without a login. Mail programs use the one-click POST of RFC 8058 instead.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { name } = useSettings();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const unsubscribe = useUnsubscribe();
  return (
    <AuthCard title={t("unsubscribe.title")} testId="unsubscribe-page">
      {unsubscribe.isSuccess ? (
        <>
          <Alert variant="success" data-testid="unsubscribe-done">
            {t("unsubscribe.done", { site: name })}
          </Alert>
          <p className="small text-body-secondary">{t("unsubscribe.change_mind")}</p>
          <Link to="/notifications" className="btn btn-outline-primary w-100">
            {t("unsubscribe.settings")}
          </Link>
        </>
      ) : (
        <>
          <p>{t("unsubscribe.question", { site: name })}</p>
          {unsubscribe.isError && (
            <Alert variant="danger" role="alert">
              {unsubscribe.error.message}
            </Alert>
          )}
          <Button className="w-100" disabled={!token || unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)} data-testid="unsubscribe-confirm">
            {t("unsubscribe.confirm")}
          </Button>
        </>
      )}
    </AuthCard>
  );
}

import { Alert, Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { RESET_TOKEN_TTL_HOURS } from "../../common/constants";
import { useSecureAccount } from "../api/userApi";
import { AuthCard } from "../components/AuthCard";

/**
 * The "this wasn't me" link of a password or e-mail change alert. Opening it changes nothing (mail
 * scanners open links); the button secures the account: every device signed out, the e-mail change
 * undone, the password void, and a link to choose a new one sent by e-mail.
 */
export function SecureAccountPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const secure = useSecureAccount();
  if (secure.isSuccess) {
    return (
      <AuthCard title={t("secure_account.done_title")} testId="account-secured">
        <Alert variant="success">
          {t("secure_account.done")}
          {secure.data.email_restored && <> {t("secure_account.email_restored")}</>}
        </Alert>
        <p>{t("secure_account.next", { hours: RESET_TOKEN_TTL_HOURS })}</p>
        <Link to="/" className="btn btn-outline-primary w-100">
          {t("secure_account.home")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("secure_account.title")} testId="secure-account-page">
      <p>{t("secure_account.intro")}</p>
      <ul>
        <li>{t("secure_account.step_sessions")}</li>
        <li>{t("secure_account.step_email")}</li>
        <li>{t("secure_account.step_password")}</li>
      </ul>
      {secure.isError && (
        <Alert variant="danger" role="alert">
          {secure.error.message}
        </Alert>
      )}
      <Button className="w-100" disabled={!token || secure.isPending} onClick={() => secure.mutate(token)} data-testid="secure-account-confirm">
        {t("secure_account.confirm")}
      </Button>
      <p className="small text-body-secondary mt-3 mb-0">{t("secure_account.was_me")}</p>
    </AuthCard>
  );
}

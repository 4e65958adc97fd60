import { Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useResendActivation, useUser } from "../api/userApi";
import { AuthCard } from "../components/AuthCard";

export function ActivateErrorPage() {
  const { t } = useTranslation();
  const user = useUser();
  const resend = useResendActivation();
  return (
    <AuthCard title={t("activate.error_title")} testId="activate-error">
      <p>{t("activate.error_text")}</p>
      {user?.status === "not_confirmed" ? (
        resend.isSuccess ? (
          <p key="p" className="fw-semibold">
            {t("activate.resent")}
          </p>
        ) : (
          <Button key="button" className="w-100" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {t("activate.resend")}
          </Button>
        )
      ) : (
        <Link key="link" to={user ? "/" : "/login"} className="btn btn-primary w-100">
          {user ? t("activate.continue") : t("login.submit")}
        </Link>
      )}
      {resend.error && <p className="text-danger mt-2">{resend.error.message}</p>}
    </AuthCard>
  );
}

import { useEffect, useRef } from "react";
import { Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useDoMailChange, useUser } from "../api/userApi";
import { AuthCard } from "../components/AuthCard";

export function MailChangeDoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const change = useDoMailChange();
  const user = useUser();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    change.mutate(params.get("token") ?? "");
  }, [change, params]);

  if (change.isSuccess) {
    return (
      <AuthCard title={t("mail_change.done_title")} testId="mail-change-done">
        <p>{t("mail_change.done_text")}</p>
        <Link to={user ? "/profile" : "/login"} className="btn btn-primary w-100">
          {t("activate.continue")}
        </Link>
      </AuthCard>
    );
  }
  if (change.isError) {
    return (
      <AuthCard title={t("mail_change.failed_title")} testId="mail-change-failed">
        <p>{change.error.message}</p>
        <Link to={user ? "/profile#settings" : "/login"} className="btn btn-primary w-100">
          {t("activate.continue")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("mail_change.do_title")}>
      <div className="text-center">
        <Spinner animation="border" variant="primary" />
      </div>
    </AuthCard>
  );
}

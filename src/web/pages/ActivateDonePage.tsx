import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { queryClient } from "../api/queryClient";
import { userQuery } from "../api/userApi";
import { AuthCard } from "../components/AuthCard";
import { Icon } from "../components/Icon";

export function ActivateDonePage() {
  const { t } = useTranslation();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
  }, []);
  return (
    <AuthCard title={t("activate.done_title")} testId="activate-done">
      <p className="text-center text-success-emphasis">
        <Icon name="check" size={56} />
      </p>
      <p>{t("activate.done_text")}</p>
      <Link to="/" className="btn btn-primary w-100">
        {t("activate.continue")}
      </Link>
    </AuthCard>
  );
}

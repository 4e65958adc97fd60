import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { useUser } from "../api/userApi";
import { AuthCard } from "../components/AuthCard";
import { LoginForm } from "../features/auth/LoginForm";
import { safeNext } from "../features/auth/safeNext";

export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useUser();
  const next = safeNext(params.get("next"));
  // A member whose signup stopped half-way goes on with it first.
  if (user) return <Navigate to={user.signup_step !== null ? "/signup" : next} replace />;
  return (
    <AuthCard title={t("login.title")} testId="login-page">
      <LoginForm
        defaultEmail={params.get("email") ?? ""}
        onDone={(loggedIn) => navigate(loggedIn?.signup_step != null ? "/signup" : next, { replace: true })}
      />
      <hr />
      <p className="text-center mb-0">
        {t("login.no_account")} <Link to="/signup">{t("login.signup")}</Link>
      </p>
    </AuthCard>
  );
}

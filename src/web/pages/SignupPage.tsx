import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AuthCard } from "../components/AuthCard";
import { SignupForm } from "../features/auth/SignupForm";

export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthCard title={t("signup.title")} testId="signup-page">
      <p className="text-body-secondary">{t("signup.intro")}</p>
      <SignupForm onDone={(email) => navigate("/", { state: { signedUp: email } })} />
      <hr />
      <p className="text-center mb-0">
        {t("signup.have_account")} <Link to="/login">{t("login.submit")}</Link>
      </p>
    </AuthCard>
  );
}

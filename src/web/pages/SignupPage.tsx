import { useTranslation } from "react-i18next";
import { Link, Navigate } from "react-router";
import { useUser } from "../api/userApi";
import { AuthCard } from "../components/AuthCard";
import { SignupWizard } from "../features/signup/SignupWizard";

/** /signup: the account (step 0) for a visitor; for a member whose signup is half-done, the step it stopped at. */
export function SignupPage() {
  const { t } = useTranslation();
  const user = useUser();
  if (user && user.signup_step === null) return <Navigate to="/complete-signup" replace />;
  return (
    <AuthCard title={user ? t("signup_steps.title") : t("signup.title")} testId="signup-page">
      {!user && <p className="text-body-secondary">{t("signup.intro")}</p>}
      <SignupWizard />
      {!user && (
        <>
          <hr />
          <p className="text-center mb-0">
            {t("signup.have_account")} <Link to="/login">{t("login.submit")}</Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}

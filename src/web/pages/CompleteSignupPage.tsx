import { Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { useResendActivation, useUser } from "../api/userApi";
import { AuthCard } from "../components/AuthCard";
import { Icon } from "../components/Icon";
import { PrefetchLink } from "../components/PrefetchLink";

/** /complete-signup: the steps are done; asks to confirm the e-mail address (resend, change it) and goes on to /signup-matches. */
export function CompleteSignupPage() {
  const { t } = useTranslation();
  const user = useUser();
  const resend = useResendActivation();
  if (!user) return <Navigate to="/signup" replace />;
  if (user.signup_step !== null) return <Navigate to="/signup" replace />;
  const confirmed = user.status === "confirmed";
  return (
    <AuthCard title={confirmed ? t("complete_signup.title_confirmed") : t("complete_signup.title")} testId="complete-signup">
      <div className="text-center mb-3">
        <Icon name={confirmed ? "check" : "mail"} size={48} className="text-primary" />
      </div>
      {confirmed ? (
        <p className="text-center">{t("complete_signup.confirmed")}</p>
      ) : (
        <>
          <p className="text-center">{t("complete_signup.text", { email: user.email })}</p>
          <p className="small text-body-secondary text-center">{t("complete_signup.why")}</p>
          <div className="d-flex flex-column align-items-center gap-2 mb-3">
            {resend.isSuccess ? (
              <span key="span" className="small fw-semibold" role="status" data-testid="complete-signup-resent">
                {t("activate.resent")}
              </span>
            ) : (
              <Button key="button" variant="outline-primary" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
                {t("activate.resend")}
              </Button>
            )}
            {resend.error && (
              <span className="small text-danger" role="alert">
                {resend.error.message}
              </span>
            )}
            <PrefetchLink to="/profile" className="small">
              {t("complete_signup.wrong_address")}
            </PrefetchLink>
          </div>
        </>
      )}
      <PrefetchLink to="/signup-matches" className="btn btn-primary btn-lg w-100" data-testid="complete-signup-continue">
        {t("complete_signup.continue")}
      </PrefetchLink>
    </AuthCard>
  );
}

import { ProgressBar } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { LAST_SIGNUP_STEP, signupStepName } from "../../../common/signupSteps";

/** "Step 2 of 5" with the step's name and a bar, read out to screen readers as one status. */
export function SignupProgress({ step }: { step: number }) {
  const { t } = useTranslation();
  const label = t("signup_steps.progress", { step, count: LAST_SIGNUP_STEP });
  return (
    <div className="mb-3" data-testid="signup-progress">
      <div className="d-flex justify-content-between small text-body-secondary mb-1">
        <span>{label}</span>
        <span className="fw-semibold">{t(`signup_steps.${signupStepName(step)}.name`)}</span>
      </div>
      <ProgressBar now={(step / LAST_SIGNUP_STEP) * 100} style={{ height: 6 }} aria-label={label} />
    </div>
  );
}

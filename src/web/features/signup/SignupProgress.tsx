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
      <div className="progress" style={{ height: 6 }}>
        <div
          className="progress-bar"
          role="progressbar"
          aria-label={label}
          aria-valuenow={step}
          aria-valuemin={0}
          aria-valuemax={LAST_SIGNUP_STEP}
          style={{ width: `${(step / LAST_SIGNUP_STEP) * 100}%` }}
        />
      </div>
    </div>
  );
}

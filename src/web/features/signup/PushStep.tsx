import { Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { User } from "../../../common/schemas/user";
import { useSignupStep } from "../../api/userApi";
import { Icon } from "../../components/Icon";
import { dismiss } from "../../stores/dismissals";
import { selectPushState, usePushStore } from "../../stores/pushStore";
import { enablePush } from "../push/pushClient";
import { StepButtons } from "./StepButtons";

/** Step 5: push notifications for new messages and likes; turning them on is optional. */
export function PushStep({ user, onBack, onDone }: { user: User; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const state = usePushStore(selectPushState);
  const busy = usePushStore((s) => s.busy);
  const failed = usePushStore((s) => s.error === "enable_failed");
  const advance = useSignupStep();
  const on = state === "subscribed";
  const offered = state === "unknown" || state === "granted";
  const next = () => {
    // "Not now" here is an answer: the push banner does not ask again right after signup.
    if (offered) dismiss("hide-push-notification-alert");
    advance.mutate(5, { onSuccess: onDone });
  };
  return (
    <div data-testid="signup-step-push">
      <h2 className="h4 mb-1">{t("signup_steps.push.title")}</h2>
      <p className="text-body-secondary">{t("signup_steps.push.intro")}</p>
      <div className="d-flex align-items-center gap-3 p-3 rounded bg-body-tertiary" data-testid="signup-push-state" data-state={state}>
        <Icon name="bell" size={28} className="text-primary flex-shrink-0" />
        <div className="me-auto">
          <p className="mb-0 fw-semibold">{t(`signup_steps.push.state_${state}`)}</p>
          {failed && (
            <p className="small text-danger mb-0" role="alert">
              {t("push.error_enable")}
            </p>
          )}
        </div>
        {offered && (
          <Button disabled={busy} onClick={() => void enablePush(user.id)} data-testid="signup-push-enable">
            {t("signup_steps.push.enable")}
          </Button>
        )}
      </div>
      {advance.error && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {advance.error.message}
        </p>
      )}
      <StepButtons
        busy={advance.isPending}
        onBack={onBack}
        onNext={next}
        nextLabel={on || state === "unsupported" || state === "denied" ? t("signup_steps.finish") : t("signup_steps.not_now")}
      />
    </div>
  );
}

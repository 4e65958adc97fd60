import { Button, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";

interface Props {
  busy: boolean;
  /** Shown from the second step on. */
  onBack?: () => void;
  /** Offered by the steps that may be left empty. */
  onSkip?: () => void;
  nextLabel?: string;
  /** The next button submits the step's form; without a form it calls onNext. */
  onNext?: () => void;
}

/** Back, skip and next of a signup step: next is the form's submit button, so Enter goes on too. */
export function StepButtons({ busy, onBack, onSkip, nextLabel, onNext }: Props) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
      {onBack && (
        <Button variant="link" className="px-0 me-auto" onClick={onBack} disabled={busy} data-testid="signup-back">
          {t("signup_steps.back")}
        </Button>
      )}
      {onSkip && (
        <Button variant="outline-secondary" className={onBack ? "" : "ms-auto"} onClick={onSkip} disabled={busy} data-testid="signup-skip">
          {t("signup_steps.skip")}
        </Button>
      )}
      <Button
        type={onNext ? "button" : "submit"}
        onClick={onNext}
        className={onBack || onSkip ? "px-4" : "px-4 ms-auto"}
        disabled={busy}
        data-testid="signup-next"
      >
        {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {nextLabel ?? t("signup_steps.next")}
      </Button>
    </div>
  );
}

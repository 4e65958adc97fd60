import { useCallback, useEffect, useState } from "react";
import { CloseButton, Modal } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useUser } from "../../api/userApi";
import { useSignupModal } from "../../stores/signupModalStore";
import { SignupWizard } from "./SignupWizard";

/**
 * The dialog of the signup modal (spec section 4), loaded when it first opens (see SignupModal). A
 * visitor may close it until they start typing; from then on, and through all steps after the account
 * exists, backdrop and escape do nothing. It closes on signupClosed (last step done: on to
 * /complete-signup) or redirectedToLogin.
 */
export function SignupDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const { show, member, close, signupClosed, redirectedToLogin } = useSignupModal();
  const [typing, setTyping] = useState(false);
  const inProgress = typing || user !== null;

  // The last step done: signupClosed.
  useEffect(() => {
    if (show && user && user.signup_step === null) {
      signupClosed();
      navigate("/complete-signup");
    }
  }, [show, user, signupClosed, navigate]);

  const onDirty = useCallback((dirty: boolean) => setTyping(dirty), []);
  const toLogin = () => redirectedToLogin();

  return (
    <Modal
      show={show}
      onHide={close}
      backdrop={inProgress ? "static" : true}
      keyboard={!inProgress}
      centered
      fullscreen="sm-down"
      aria-labelledby="signup-modal-title"
      data-testid="signup-modal"
    >
      <Modal.Header className="border-0 pb-0">
        <Modal.Title id="signup-modal-title" className="h5">
          {user ? t("signup_steps.title") : t("signup.title")}
        </Modal.Title>
        {!user && <CloseButton onClick={close} aria-label={t("common.close")} data-testid="signup-modal-close" />}
      </Modal.Header>
      <Modal.Body>
        <SignupWizard member={member ?? undefined} onLogin={toLogin} onDirty={onDirty} />
        {!user && (
          <p className="text-center small mt-3 mb-0">
            {t("signup.have_account")}{" "}
            <Link to="/login" onClick={toLogin}>
              {t("login.submit")}
            </Link>
          </p>
        )}
      </Modal.Body>
    </Modal>
  );
}

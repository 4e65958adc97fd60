import { useCallback, useEffect, useRef, useState } from "react";
import { CloseButton, Modal } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { useUser } from "../../api/userApi";
import { useRouteName } from "../../hooks/useRouteName";
import { forgetSignupModal, signupModalWasOpen, useSignupModal } from "../../stores/signupModalStore";
import { SignupWizard } from "./SignupWizard";

/**
 * The signup modal of the default and empty layouts (spec section 4). A visitor may close it until
 * they start typing; from then on, and through all steps after the account exists, backdrop and escape
 * do nothing. It closes on signupClosed (last step done: on to /complete-signup) or redirectedToLogin.
 * A reload during the steps opens it again where the signup stopped.
 */
export function SignupModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const { show, member, open, close, signupClosed, redirectedToLogin } = useSignupModal();
  const routeName = useRouteName();
  const [typing, setTyping] = useState(false);
  const inProgress = typing || user !== null;

  // Resume after a reload of this tab in the middle of the steps, on the page the modal was open on;
  // once the visitor has gone to another page, it is not reopened.
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (show) return;
    if (pathname !== firstPath.current) forgetSignupModal();
    else if (routeName !== "signup" && user && user.signup_step !== null && signupModalWasOpen(pathname)) open();
  }, [show, pathname, routeName, user, open]);

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

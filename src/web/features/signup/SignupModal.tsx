import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useUser } from "../../api/userApi";
import { useRouteName } from "../../hooks/useRouteName";
import { importWithReload } from "../../lazyWithReload";
import { forgetSignupModal, signupModalWasOpen, useSignupModal } from "../../stores/signupModalStore";

const loadDialog = importWithReload(() => import("./SignupDialog"));
const SignupDialog = lazy(() => loadDialog().then((m) => ({ default: m.SignupDialog })));

/** Starts loading the signup dialog before it is asked for (a finger on a call to sign up). */
export function preloadSignupDialog(): void {
  void loadDialog().catch(() => {});
}

/**
 * The signup modal of the default and lander layouts (spec section 4). The dialog, its steps
 * and their forms load only when it first opens: most first pages never show it, and its forms
 * (react-hook-form, the schemas) are a good part of the app's JavaScript. This shell stays light: a
 * reload during the steps opens it again where the signup stopped.
 */
export function SignupModal() {
  const user = useUser();
  const { show, open } = useSignupModal();
  const routeName = useRouteName();
  // Once opened, the dialog stays mounted (its closing animation, and a second opening without a wait).
  const [loaded, setLoaded] = useState(show);
  useEffect(() => {
    if (show) setLoaded(true);
  }, [show]);

  // Resume after a reload of this tab in the middle of the steps, on the page the modal was open on;
  // once the visitor has gone to another page, it is not reopened.
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (show) return;
    if (pathname !== firstPath.current) forgetSignupModal();
    else if (routeName !== "signup" && user && user.signup_step !== null && signupModalWasOpen(pathname)) open();
  }, [show, pathname, routeName, user, open]);

  if (!loaded && !show) return null;
  return (
    <Suspense fallback={null}>
      <SignupDialog />
    </Suspense>
  );
}

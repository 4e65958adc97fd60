import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FIRST_PROFILE_STEP, signupStepName } from "../../../common/signupSteps";
import { useUser } from "../../api/userApi";
import { SignupForm } from "../auth/SignupForm";
import { importWithReload } from "../../lazyWithReload";
import { PageSpinner } from "../../components/PageSpinner";
import { SignupProgress } from "./SignupProgress";

// The steps after the account loads once there is an account: the signup page and modal first show
// only step 0, the account's form.
const loadSteps = importWithReload(() => import("./laterSteps"));
const PhotoStep = lazy(() => loadSteps().then((m) => ({ default: m.PhotoStep })));
const ProfileStep = lazy(() => loadSteps().then((m) => ({ default: m.ProfileStep })));
const PushStep = lazy(() => loadSteps().then((m) => ({ default: m.PushStep })));

interface Props {
  /** The member of the landing page: step 0 writes them a first message. */
  member?: { id: number; name: string };
  /** The visitor follows "log in" from step 0. */
  onLogin?: () => void;
  /** The visitor started typing into step 0. */
  onDirty?: (dirty: boolean) => void;
}

/**
 * The signup's steps for the page and the modal alike: step 0 (the account) for a visitor, then the
 * step the server says is still to do (users.signup_step), so a half-done signup resumes there. Back
 * shows an earlier step again; once the last step is done the user's signup_step is null and the
 * page or modal around moves on to /complete-signup.
 */
export function SignupWizard({ member, onLogin, onDirty }: Props) {
  const { t } = useTranslation();
  const user = useUser();
  const [shown, setShown] = useState<number | null>(null);
  const current = user?.signup_step ?? null;
  const step = current === null ? null : shown !== null && shown < current ? shown : current;
  const focusTarget = useRef<HTMLElement>(null);

  // The later steps load while the visitor fills in step 0: usually there before they are needed.
  useEffect(() => {
    void loadSteps().catch(() => {});
  }, []);

  // Each new step takes the focus, so that keyboard and screen reader users start at its top.
  useEffect(() => {
    if (step !== null) focusTarget.current?.focus();
  }, [step]);

  if (!user) return <SignupForm member={member} onLogin={onLogin} onDirty={onDirty} />;
  if (step === null || current === null) return null;

  const back = () => setShown(Math.max(FIRST_PROFILE_STEP, step - 1));
  // After a step shown again, the next one; after the step still to do, whatever the server says now.
  const done = () => setShown(step + 1 < current ? step + 1 : null);
  const name = signupStepName(step);
  return (
    <section ref={focusTarget} tabIndex={-1} className="signup-step" aria-label={t(`signup_steps.${name}.title`)} data-testid="signup-wizard" data-step={step}>
      <SignupProgress step={step} />
      <Suspense fallback={<PageSpinner />}>
        {name === "photo" && <PhotoStep user={user} onDone={done} />}
        {(name === "about" || name === "personal" || name === "location") && <ProfileStep key={step} step={step} user={user} onBack={back} onDone={done} />}
        {name === "push" && <PushStep user={user} onBack={back} onDone={done} />}
      </Suspense>
    </section>
  );
}

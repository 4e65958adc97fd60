import { wantedGender } from "./searchDefaults";
// The signup in steps (spec section 2, "Signup"): step 0 creates the account (or writes a first
// message to the member of the landing page), then 1 add a photo, 2 about me, 3 personal info,
// 4 location, 5 push, then the complete step asking to confirm the e-mail (/complete-signup) and
// /signup-matches. The server keeps the step a member has still to do (users.signup_step), so a
// signup left half-done resumes there.

export const SIGNUP_STEPS = ["account", "photo", "about", "personal", "location", "push"] as const;
export type SignupStepName = (typeof SIGNUP_STEPS)[number];

/** The first step after the account exists, and the last one before the complete step. */
export const FIRST_PROFILE_STEP = 1;
export const LAST_SIGNUP_STEP = SIGNUP_STEPS.length - 1;

export function signupStepName(step: number): SignupStepName {
  return SIGNUP_STEPS[Math.min(Math.max(step, 0), LAST_SIGNUP_STEP)];
}

export interface StepProfile {
  gender: string | null;
  sexuality: string | null;
  country: string | null;
  region: string | null;
}

/**
 * The fields a step needs before the member may go on. Photo, about me and push can be skipped;
 * personal info (who you are and whom you look for) and location cannot: search and matches need
 * them. A country with regions needs one too (search filters by region).
 */
export function missingForStep(step: number, profile: StepProfile, countryHasRegions: boolean): (keyof StepProfile)[] {
  const name = signupStepName(step);
  if (name === "personal") return (["gender", "sexuality"] as const).filter((field) => !profile[field]);
  if (name === "location") {
    if (!profile.country) return ["country"];
    return countryHasRegions && !profile.region ? ["region"] : [];
  }
  return [];
}

/** The step after `step` once it is done, or null when the signup is complete. */
export function nextSignupStep(step: number): number | null {
  return step >= LAST_SIGNUP_STEP ? null : step + 1;
}

/** The gender a member looks for, from their own gender and sexuality; null for both. */
export function soughtGender(gender: "male" | "female" | null, sexuality: "hetero" | "gay" | "lesbian" | "bi" | null): "male" | "female" | null {
  return wantedGender(gender, sexuality);
}

/**
 * The site's `signups` setting (spec section 3): "all" lets anyone sign up, "with_trafficsource" only
 * visitors who came with a traffic source (network or ref of the landing URL); any other value closes
 * signups.
 */
export function signupsOpen(setting: string, tracking: { network?: string; ref?: string } | undefined): boolean {
  if (setting === "all") return true;
  if (setting === "with_trafficsource") return Boolean(tracking?.network || tracking?.ref);
  return false;
}

// The signup's steps after the account, one chunk loaded by SignupWizard once there is an account.
export { PhotoStep } from "./PhotoStep";
export { ProfileStep } from "./ProfileStep";
export { PushStep } from "./PushStep";

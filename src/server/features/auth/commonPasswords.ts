import { dictionary } from "@zxcvbn-ts/language-common";
import { AppError } from "../../errors";

// Server only: the list is large (about 49,000 passwords) and stays out of the client bundle.
let common: Set<string> | null = null;

/** Whether a password is on zxcvbn's packaged list of common passwords (compared without case). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"]);
  return common.has(password.toLowerCase());
}

/** Refuses a new password that is on the list of common passwords (400 `password_common` on `field`). */
export function assertUncommonPassword(password: string, field = "password"): void {
  if (isCommonPassword(password)) throw new AppError(400, "password_common", undefined, field);
}

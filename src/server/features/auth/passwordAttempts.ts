import { LOGIN_LOCKOUT_MINUTES, LOGIN_MAX_FAILURES, PASSWORD_FAILURES_PER_IP_PER_HOUR } from "../../../common/constants";
import { limitReached, type Limiter, takeTry } from "../../adapters/limiter";
import { burnPasswordCheck, verifyPassword } from "./passwords";

/** Who is guessing what: the account's site and address (known or not) and the client address. */
export interface PasswordTry {
  siteId: number;
  email: string;
  ip: string;
}

/**
 * Every check of a member's password (login, and the current password in the settings) counts here:
 * a wrong password is a guess wherever it is typed. A try takes its place in both counts (the
 * account's and the client address's) BEFORE the hash is checked, so a burst of parallel guesses
 * cannot all reach the hash: the account is locked for LOGIN_LOCKOUT_MINUTES once LOGIN_MAX_FAILURES
 * tries were counted, and a try after that is refused even with the right password.
 */
export class PasswordAttempts {
  constructor(private readonly limiter: Limiter) {}

  /**
   * Whether `password` matches `passwordHash` (null: no such account; the same work is done, so the
   * timing tells nothing). Throws 429 `rate_limited` when the client address is over its limit,
   * and 429 `too_many_attempts` when the account is locked (the try that locks it included).
   */
  async check(who: PasswordTry, passwordHash: string | null, password: string): Promise<boolean> {
    const ipKey = `password-ip:${who.siteId}:${who.ip}`;
    await takeTry(this.limiter, ipKey, { max: PASSWORD_FAILURES_PER_IP_PER_HOUR, windowSeconds: 3600 });
    const accountKey = accountLockKey(who.siteId, who.email);
    const tries = await this.limiter.hit(accountKey, LOGIN_LOCKOUT_MINUTES * 60);
    if (tries.count > LOGIN_MAX_FAILURES) throw lockedOut(tries.resetAt);
    let ok = false;
    if (passwordHash) ok = await verifyPassword(passwordHash, password);
    else await burnPasswordCheck(password);
    if (ok) {
      // A right password gives its places back: the address counts failures only.
      await Promise.all([this.limiter.clear(accountKey), this.limiter.release(ipKey)]);
      return true;
    }
    if (tries.count >= LOGIN_MAX_FAILURES) throw lockedOut(tries.resetAt);
    return false;
  }

  /** Lifts an account's lockout (its password was just set anew from a reset link). */
  unlock(siteId: number, email: string): Promise<void> {
    return this.limiter.clear(accountLockKey(siteId, email));
  }
}

const accountLockKey = (siteId: number, email: string) => `login:${siteId}:${email.toLowerCase()}`;

function lockedOut(resetAt: Date) {
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 60_000));
  return limitReached("too_many_attempts", resetAt, { minutes });
}

import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { OPERATOR_CODE_TRIES, OPERATOR_SECOND_FACTOR_MINUTES, OPERATOR_SESSION_HOURS } from "../../../common/constants";
import type { ConsoleSession, Operator, OperatorLoginRequest, TotpSetup } from "../../../common/schemas/console";
import { type Limiter, takeTry } from "../../adapters/limiter";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit.repo";
import type { PasswordAttempts } from "../auth/passwordAttempts";
import { hashToken, newToken } from "../auth/tokens";
import { completeOperatorSession, findOperatorByEmail, insertOperatorSession, type OperatorRow, revokeOperatorSession, updateOperator } from "./operators.repo";

/** A request's operator sign-in: complete once the second factor was given (or is not needed). */
export interface OperatorContext {
  sessionId: number;
  complete: boolean;
  operator: OperatorRow;
}

/**
 * Operators' password checks count in the members' throttles (PasswordAttempts) under site 0, which
 * no site has: the same lockout and per-address limit, counted apart from any member account.
 */
const OPERATOR_SITE = 0;

const MINUTE = 60_000;

export function operatorDto(row: OperatorRow): Operator {
  return { id: row.id, email: row.email, role: row.role, totp: row.totpSecret !== null };
}

/** The console's sign-in: password, then (in production, or once set up) a TOTP code. */
export class ConsoleAuthService {
  constructor(
    private readonly db: Db,
    private readonly passwords: PasswordAttempts,
    private readonly limiter: Limiter,
    /** Production: no console without the second factor. */
    private readonly secondFactorRequired: boolean,
  ) {}

  /** Where a request's sign-in stands. */
  session(context: OperatorContext | null): ConsoleSession {
    const required = this.secondFactorRequired;
    if (!context) return { step: null, operator: null, second_factor_required: required };
    return { step: this.stepOf(context), operator: operatorDto(context.operator), second_factor_required: required };
  }

  private stepOf(context: OperatorContext): ConsoleSession["step"] {
    if (context.complete) return "done";
    return context.operator.totpSecret ? "code" : "enrol";
  }

  /** Checks the password and starts a sign-in; it is complete at once only where no second factor is due. */
  async signIn(input: OperatorLoginRequest, ip: string): Promise<{ token: string; session: ConsoleSession; maxAgeSeconds: number }> {
    const operator = await findOperatorByEmail(this.db, input.email);
    const ok = await this.passwords
      .check({ siteId: OPERATOR_SITE, email: input.email, ip }, operator?.passwordHash ?? null, input.password)
      .catch(async (err: unknown) => {
        // Locked out (too many wrong passwords): a failed sign-in of this operator too.
        if (operator) await this.failed(operator.id, ip, "password");
        throw err;
      });
    if (!operator || !ok) {
      // An address that is no operator's has no trail to write to (and is not kept).
      if (operator) await this.failed(operator.id, ip, "password");
      throw new AppError(401, "login_failed");
    }
    const complete = operator.totpSecret === null && !this.secondFactorRequired;
    const token = newToken();
    const lifetime = complete ? OPERATOR_SESSION_HOURS * 60 * MINUTE : OPERATOR_SECOND_FACTOR_MINUTES * MINUTE;
    await this.db.transaction(async (tx) => {
      await insertOperatorSession(tx, {
        tokenHash: hashToken(token),
        operatorId: operator.id,
        completedAt: complete ? new Date() : null,
        expiresAt: new Date(Date.now() + lifetime),
        ip,
      });
      // A sign-in that still needs its code is written down when the code completes it.
      if (complete) await recordAudit(tx, { operatorId: operator.id, action: "operator.sign_in", details: { ip, second_factor: false } });
    });
    const context = { sessionId: 0, complete, operator };
    return { token, session: this.session(context), maxAgeSeconds: OPERATOR_SESSION_HOURS * 3600 };
  }

  /** The TOTP code of a sign-in that has only the password so far. */
  async verifyCode(context: OperatorContext, code: string, ip: string): Promise<ConsoleSession> {
    const secret = context.operator.totpSecret;
    if (context.complete || !secret) throw new AppError(409, "request_invalid");
    const step = await this.checkCode(context.operator, secret, code).catch(async (err: unknown) => {
      await this.failed(context.operator.id, ip, "code");
      throw err;
    });
    await updateOperator(this.db, context.operator.id, { totpLastStep: step });
    await this.complete(context, ip);
    return this.session({ ...context, complete: true });
  }

  /** A new secret to enrol, shown as a QR code; it becomes the operator's only after one valid code. */
  async startEnrolment(context: OperatorContext, issuer: string): Promise<TotpSetup> {
    if (!context.complete && context.operator.totpSecret) throw new AppError(409, "request_invalid");
    const secret = generateSecret();
    await updateOperator(this.db, context.operator.id, { totpPendingSecret: secret });
    const uri = generateURI({ issuer, label: context.operator.email, secret });
    return { qr: await QRCode.toDataURL(uri, { margin: 1, width: 240 }), secret };
  }

  /** Activates the enrolled secret with a valid code; completes the sign-in that waited for it. */
  async activateEnrolment(context: OperatorContext, code: string, ip: string): Promise<ConsoleSession> {
    const pending = context.operator.totpPendingSecret;
    if (!pending) throw new AppError(409, "request_invalid");
    const step = await this.checkCode(context.operator, pending, code);
    await updateOperator(this.db, context.operator.id, { totpSecret: pending, totpPendingSecret: null, totpLastStep: step });
    if (!context.complete) await this.complete(context, ip);
    return this.session({ ...context, complete: true, operator: { ...context.operator, totpSecret: pending } });
  }

  async signOut(context: OperatorContext | null): Promise<void> {
    if (context) await revokeOperatorSession(this.db, context.sessionId);
  }

  /** The time step of a valid code; a code is used once, and only OPERATOR_CODE_TRIES codes are tried per window. */
  private async checkCode(operator: OperatorRow, secret: string, code: string): Promise<number> {
    await takeTry(this.limiter, `operator-code:${operator.id}`, { max: OPERATOR_CODE_TRIES, windowSeconds: OPERATOR_SECOND_FACTOR_MINUTES * 60 });
    const result = await verify({ secret, token: code, epochTolerance: 30, afterTimeStep: operator.totpLastStep ?? undefined });
    // otplib's verify answers HOTP's result or TOTP's; only TOTP's (with the time step) is used here.
    if (!result.valid || !("timeStep" in result) || typeof result.timeStep !== "number") throw new AppError(400, "code_invalid", undefined, "code");
    return result.timeStep;
  }

  private async complete(context: OperatorContext, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await completeOperatorSession(tx, context.sessionId, new Date(Date.now() + OPERATOR_SESSION_HOURS * 60 * MINUTE));
      await recordAudit(tx, { operatorId: context.operator.id, action: "operator.sign_in", details: { ip, second_factor: true } });
    });
  }

  /** A wrong password or code for an operator's account, in its trail (the attempt failed: nothing else to be part of). */
  private async failed(operatorId: number, ip: string, step: "password" | "code"): Promise<void> {
    await recordAudit(this.db, { operatorId, action: "operator.sign_in_failed", details: { ip, step } });
  }
}

import { z } from "zod";
import { OPERATOR_ROLES, type OperatorRole } from "../../../common/schemas/console";
import { PASSWORD_MAX_LENGTH } from "../../../common/constants";
import type { Db } from "../../db/client";
import { isCommonPassword } from "../auth/commonPasswords";
import { hashPassword } from "../auth/passwords";
import { listOperatorRows, upsertOperator } from "./operators.repo";

/** Operators sign in to a console that can ban and refund: a longer password than members'. */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;

const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

/** A reason the account cannot be made, in words for the terminal; null when it can. */
export function operatorInputProblem(email: string, role: string, password: string): string | null {
  if (!emailSchema.safeParse(email).success) return `not an e-mail address: ${email}`;
  if (!(OPERATOR_ROLES as readonly string[]).includes(role)) return `role must be one of ${OPERATOR_ROLES.join(", ")}: ${role}`;
  if (password.length < OPERATOR_PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
    return `the password needs ${OPERATOR_PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`;
  if (isCommonPassword(password)) return "the password is too common";
  return null;
}

/** Creates an operator, or gives the one with this address a new password and role (`npm run operator -- add`). */
export async function addOperator(db: Db, email: string, role: OperatorRole, password: string): Promise<{ id: number; created: boolean }> {
  const problem = operatorInputProblem(email, role, password);
  if (problem) throw new Error(problem);
  return upsertOperator(db, { email: emailSchema.parse(email), role, passwordHash: await hashPassword(password) });
}

export interface OperatorListing {
  id: number;
  email: string;
  role: OperatorRole;
  secondFactor: boolean;
  createdAt: Date;
}

/** Every operator (`npm run operator -- list`). */
export async function listOperators(db: Db): Promise<OperatorListing[]> {
  const rows = await listOperatorRows(db);
  return rows.map((r) => ({ id: r.id, email: r.email, role: r.role, secondFactor: r.totpSecret !== null, createdAt: r.createdAt }));
}

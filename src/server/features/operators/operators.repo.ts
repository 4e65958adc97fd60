import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { operatorSessions, operators } from "../../db/schema";

export type OperatorRow = typeof operators.$inferSelect;

export async function findOperatorByEmail(db: Db, email: string): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(sql`lower(${operators.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

export async function findOperatorById(db: Db, id: number): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  return row ?? null;
}

export function listOperatorRows(db: Db): Promise<OperatorRow[]> {
  return db.select().from(operators).orderBy(asc(operators.id));
}

/** Creates the operator, or sets the password and role of the one with this address. */
export async function upsertOperator(
  db: Db,
  values: { email: string; passwordHash: string; role: OperatorRow["role"] },
): Promise<{ id: number; created: boolean }> {
  const existing = await findOperatorByEmail(db, values.email);
  if (existing) {
    await db.update(operators).set({ passwordHash: values.passwordHash, role: values.role }).where(eq(operators.id, existing.id));
    return { id: existing.id, created: false };
  }
  const [row] = await db.insert(operators).values(values).returning({ id: operators.id });
  return { id: row.id, created: true };
}

export async function updateOperator(db: Db, id: number, values: Partial<typeof operators.$inferInsert>): Promise<void> {
  await db.update(operators).set(values).where(eq(operators.id, id));
}

export async function insertOperatorSession(db: Db, values: typeof operatorSessions.$inferInsert): Promise<void> {
  await db.insert(operatorSessions).values(values);
}

/** A live (not revoked, not expired) sign-in and its operator. */
export async function findLiveOperatorSession(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, sql`now()`)));
  return row ?? null;
}

/** The second factor was given: the sign-in is complete, and lasts until `expiresAt`. */
export async function completeOperatorSession(db: Db, sessionId: number, expiresAt: Date): Promise<void> {
  await db.update(operatorSessions).set({ completedAt: new Date(), expiresAt }).where(eq(operatorSessions.id, sessionId));
}

export async function revokeOperatorSession(db: Db, sessionId: number): Promise<void> {
  await db.update(operatorSessions).set({ revokedAt: new Date() }).where(eq(operatorSessions.id, sessionId));
}

/** Operator sessions expired or ended more than a day ago are deleted (the job worker's hourly prune). Answers how many went. */
export async function purgeOperatorSessions(db: Db): Promise<number> {
  const gone = await db
    .delete(operatorSessions)
    .where(sql`${operatorSessions.expiresAt} < now() - interval '1 day' OR ${operatorSessions.revokedAt} < now() - interval '1 day'`)
    .returning({ id: operatorSessions.id });
  return gone.length;
}

import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { discountCodes, payments } from "../../db/schema";

export type DiscountRow = typeof discountCodes.$inferSelect;

export async function findCode(db: Db, siteId: number, code: string): Promise<DiscountRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.siteId, siteId), eq(discountCodes.code, code.toUpperCase())));
  return row ?? null;
}

/** Paid orders with this code: by the member (userId), or by anyone (null). */
export async function paidUses(db: Db, siteId: number, code: string, userId: number | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.siteId, siteId),
        eq(payments.discountCode, code),
        sql`${payments.creditedAt} IS NOT NULL`,
        userId === null ? undefined : eq(payments.userId, userId),
      ),
    );
  return row.n;
}

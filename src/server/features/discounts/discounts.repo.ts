import { and, eq } from "drizzle-orm";
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

/** The order that holds a discount claim (open, pending or paid), or null when the claim is free. */
export async function claimHolder(db: Db, siteId: number, claim: string): Promise<{ discountCode: string | null } | null> {
  const [row] = await db
    .select({ discountCode: payments.discountCode })
    .from(payments)
    .where(and(eq(payments.siteId, siteId), eq(payments.discountClaim, claim)))
    .limit(1);
  return row ?? null;
}

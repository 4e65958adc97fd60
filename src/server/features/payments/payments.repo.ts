import { and, asc, desc, eq, sql } from "drizzle-orm";
import { DEFAULT_CREDIT_BUNDLES } from "../../../common/creditBundles";
import type { Db } from "../../db/client";
import { creditBundles, creditLedger, payments } from "../../db/schema";

export type BundleRow = typeof creditBundles.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** Gives a new site the default catalogue of bundles. */
export async function insertDefaultBundles(db: Db, siteId: number): Promise<void> {
  await db.insert(creditBundles).values(DEFAULT_CREDIT_BUNDLES.map((b) => ({ siteId, credits: b.credits, prices: b.prices, popular: b.popular })));
}

export function activeBundles(db: Db, siteId: number): Promise<BundleRow[]> {
  return db
    .select()
    .from(creditBundles)
    .where(and(eq(creditBundles.siteId, siteId), eq(creditBundles.active, true)))
    .orderBy(asc(creditBundles.credits));
}

export async function findBundle(db: Db, siteId: number, id: number): Promise<BundleRow | null> {
  const [row] = await db
    .select()
    .from(creditBundles)
    .where(and(eq(creditBundles.id, id), eq(creditBundles.siteId, siteId), eq(creditBundles.active, true)));
  return row ?? null;
}

/** A payment of this member only: anyone else's id reads as not found. */
export async function findOwnPayment(db: Db, userId: number, id: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  return row ?? null;
}

/** Locks the payment for the transaction that applies a provider state. */
export async function lockPaymentByProviderId(tx: Db, provider: string, providerPaymentId: string): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .for("update");
  return row ?? null;
}

/** The member's orders, newest first; orders never sent to a provider are left out. */
export function listOwnPayments(db: Db, userId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), sql`${payments.providerPaymentId} IS NOT NULL`))
    .orderBy(desc(payments.createdAt))
    .limit(500);
}

/** The member's paid orders, oldest first: they value the credits of the ledger. */
export function paidPayments(db: Db, userId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), sql`${payments.creditedAt} IS NOT NULL`))
    .orderBy(asc(payments.creditedAt));
}

/** Every credit movement of the member, oldest first. */
export function ledgerOf(db: Db, userId: number) {
  return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id));
}

/** The next receipt number of a site for this year: `YYYY-<site>-<n>`. */
export async function nextInvoiceNumber(tx: Db, siteId: number, year: number): Promise<string> {
  const prefix = `${year}-${siteId}-`;
  // Serialised per site by an advisory lock held until the transaction ends.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7340001, ${siteId})`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.siteId, siteId), sql`${payments.invoiceNumber} LIKE ${`${prefix}%`}`));
  return `${prefix}${String(row.n + 1).padStart(6, "0")}`;
}

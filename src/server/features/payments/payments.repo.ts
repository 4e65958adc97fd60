import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { DEFAULT_CREDIT_BUNDLES } from "../../../common/creditBundles";
import { type Db, rowsOf } from "../../db/client";
import { creditBundles, creditLedger, payments, storedCards } from "../../db/schema";
import type { PaymentMethodId } from "../../../common/paymentMethods";
import type { ProviderStoredCard } from "../../adapters/paymentProvider";

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

export type StoredCardRow = typeof storedCards.$inferSelect;

/** Remembers a card the provider keeps for the member (once per mandate). */
export async function keepStoredCard(tx: Db, userId: number, provider: string, method: PaymentMethodId, card: ProviderStoredCard): Promise<void> {
  await tx
    .insert(storedCards)
    .values({ userId, provider, customerId: card.customerId, mandateId: card.mandateId, label: card.label, method })
    .onConflictDoNothing();
}

/** The member's newest card that is still kept, at this provider. */
export async function currentStoredCard(db: Db, userId: number, provider: string): Promise<StoredCardRow | null> {
  const [row] = await db
    .select()
    .from(storedCards)
    .where(and(eq(storedCards.userId, userId), eq(storedCards.provider, provider), isNull(storedCards.revokedAt)))
    .orderBy(desc(storedCards.id))
    .limit(1);
  return row ?? null;
}

/**
 * The member's customer at the provider, from an earlier kept card or payment (a direct debit, a
 * first card payment): one customer per member, not one per payment.
 */
export async function providerCustomerId(db: Db, userId: number, provider: string): Promise<string | null> {
  const [row] = rowsOf<{ customer_id: string | null }>(
    await db.execute(sql`SELECT coalesce(
      (SELECT customer_id FROM stored_cards WHERE user_id = ${userId} AND provider = ${provider} ORDER BY id DESC LIMIT 1),
      (SELECT provider_customer_id FROM payments WHERE user_id = ${userId} AND provider = ${provider} AND provider_customer_id IS NOT NULL
        ORDER BY created_at DESC LIMIT 1)) AS customer_id`),
  );
  return row?.customer_id ?? null;
}

export async function forgetStoredCards(db: Db, userId: number): Promise<void> {
  await db
    .update(storedCards)
    .set({ revokedAt: new Date() })
    .where(and(eq(storedCards.userId, userId), isNull(storedCards.revokedAt)));
}

/** The bundle of the member's newest paid order, for "the same again". */
export async function lastPaidBundle(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ bundleId: payments.bundleId })
    .from(payments)
    .where(and(eq(payments.userId, userId), sql`${payments.creditedAt} IS NOT NULL`))
    .orderBy(desc(payments.creditedAt))
    .limit(1);
  return row?.bundleId ?? null;
}

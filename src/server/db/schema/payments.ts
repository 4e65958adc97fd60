import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Currency, PaymentMethodId } from "../../../common/paymentMethods";
import type { PaymentStatus } from "../../../common/schemas/payments";
import { sites } from "./sites";
import { users } from "./users";

/** The credit bundles a site sells, with a price per currency (minor units). */
export const creditBundles = pgTable(
  "credit_bundles",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    credits: integer("credits").notNull(),
    prices: jsonb("prices").$type<Record<Currency, number>>().notNull(),
    popular: boolean("popular").notNull().default(false),
    /** A bundle no longer sold keeps its row: past payments point at it. */
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("credit_bundles_site_idx").on(t.siteId)],
);

/**
 * A member's order of a bundle and its payment. What was bought and paid is copied onto the row, so
 * that a later price change does not rewrite history. `creditedAt` is set once, in the transaction
 * that adds the credits: a payment credits exactly once, whatever the provider repeats.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    bundleId: integer("bundle_id").references(() => creditBundles.id),
    credits: integer("credits").notNull(),
    method: text("method").$type<PaymentMethodId>().notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    price: integer("price").notNull(),
    discount: integer("discount").notNull().default(0),
    discountCode: text("discount_code"),
    /**
     * What the discount code takes from the member (or from everyone, for a single-use code) while
     * this order holds it: one order at a time, by the unique index below. Set when the order is
     * placed; cleared when it fails, is cancelled or expires unpaid, so that the code can be used
     * again (features/discounts/discountClaim.ts).
     */
    discountClaim: text("discount_claim"),
    fee: integer("fee").notNull().default(0),
    amount: integer("amount").notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("open"),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id"),
    /** The member's customer at the provider that this payment was made for (reused for the next one). */
    providerCustomerId: text("provider_customer_id"),
    checkoutUrl: text("checkout_url"),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
    /** The kept card this payment used or left behind, as the member knows it ("Visa •••• 4242"). */
    storedCard: text("stored_card"),
    /** Receipt number, given in the transaction that credits (gap-free per site is not required by law for B2C receipts). */
    invoiceNumber: text("invoice_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    index("payments_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("payments_provider_id_key").on(t.provider, t.providerPaymentId),
    uniqueIndex("payments_invoice_key").on(t.invoiceNumber),
    uniqueIndex("payments_discount_claim_key").on(t.siteId, t.discountClaim),
  ],
);

export type TestProviderStatus = "open" | "pending" | "paid" | "failed" | "canceled" | "expired";

/**
 * The built-in test payment provider's own records (embedded default): what a real provider keeps on
 * its side. Our payments table learns their state only through the webhook and a fetch by id.
 */
export const testProviderPayments = pgTable("test_provider_payments", {
  id: text("id").primaryKey(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  description: text("description").notNull(),
  method: text("method").notNull(),
  redirectUrl: text("redirect_url").notNull(),
  webhookUrl: text("webhook_url").notNull(),
  status: text("status").$type<TestProviderStatus>().notNull().default("open"),
  /** Money given back so far (minor units). */
  refunded: integer("refunded").notNull().default(0),
  /** Refund keys already carried out: a retried refund is made once. */
  refundKeys: jsonb("refund_keys").$type<string[]>().notNull().default([]),
  /** The payer's customer at the provider when the card is to be kept (or was charged again). */
  customerId: text("customer_id"),
  storeCard: boolean("store_card").notNull().default(false),
  /** The card kept after this payment, or the one this charge used. */
  mandateId: text("mandate_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type DiscountValidity = "once-per-user" | "once" | "unlimited";

/**
 * Discount codes an operator hands out (newsletters, partners, apologies). The welcome discount and
 * the time bonus are not rows: every member has them by the rules of spec sections 1 and 4
 * (features/discounts/builtinDiscounts.ts).
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    /** Stored upper case; members may type it in any case. */
    code: text("code").notNull(),
    /** A personal code works for this member only. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Only for members of this country, when set. */
    country: text("country"),
    valuePercentage: integer("value_percentage").notNull(),
    /** The smallest bundle price it applies to, in `currency`'s minor units. */
    minimumOrderValue: integer("minimum_order_value"),
    currency: text("currency").$type<Currency>(),
    /** Methods it is valid with; empty for all. */
    paymentMethods: jsonb("payment_methods").$type<PaymentMethodId[]>().notNull().default([]),
    status: text("status").$type<"active" | "inactive">().notNull().default("active"),
    validity: text("validity").$type<DiscountValidity>().notNull().default("once-per-user"),
    expires: timestamp("expires", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("discount_codes_site_code_key").on(t.siteId, t.code)],
);

/**
 * A card the provider keeps for a member (with the member's consent at checkout), for one-step
 * repeat orders. We hold only the provider's references and a label such as "Visa •••• 4242".
 */
export const storedCards = pgTable(
  "stored_cards",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    customerId: text("customer_id").notNull(),
    mandateId: text("mandate_id").notNull(),
    label: text("label").notNull(),
    method: text("method").$type<PaymentMethodId>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Forgotten at the member's request, or after the provider refused it. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("stored_cards_mandate_key").on(t.provider, t.mandateId), index("stored_cards_user_idx").on(t.userId)],
);

/** The test provider's stored cards ("mandates"); a card may be set to decline later charges. */
export const testProviderMandates = pgTable("test_provider_mandates", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  label: text("label").notNull(),
  declines: boolean("declines").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A one-time direct debit the member asked for (/directdebit): account and phone, and the SMS
 * code that confirms it (stored as a hash). The full IBAN is kept only until the provider has it.
 */
export const directDebitRequests = pgTable(
  "direct_debit_requests",
  {
    id: uuid("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bundleId: integer("bundle_id")
      .notNull()
      .references(() => creditBundles.id),
    holder: text("holder").notNull(),
    /** The discount code the price was quoted with. */
    discountCode: text("discount_code"),
    /** The IBAN until the provider has it; then only its first 4 and last 4 characters. */
    iban: text("iban").notNull(),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    paymentId: uuid("payment_id").references(() => payments.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("direct_debit_requests_user_idx").on(t.userId, t.createdAt)],
);

import { z } from "zod";
import type { Calls } from "../apiContract";
import { okSchema } from "./auth";
import { singleLine } from "./text";
import { idSchema } from "./ids";
import { DIRECT_DEBIT_CODE_DIGITS, DIRECT_DEBIT_HOLDER_MAX_LENGTH } from "../constants";
import { CURRENCIES, PAYMENT_METHOD_IDS } from "../paymentMethods";

// Credits, payments and transactions (spec sections 3 and 4: Payment; /credits, /transactions).

const id = idSchema;
/** Payment ids are random UUIDs: nobody can guess another member's. */
const paymentId = z.uuid({ error: "errors.not_found" });

/** GET /api/discountcode.php: a code by `code`, or the member's welcome code with `welcome=true`. */
export const discountCodeQuerySchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, { error: "errors.code_not_found" })
      .max(40, { error: "errors.code_not_found" })
      .regex(/^[\w-]+$/, { error: "errors.code_not_found" })
      .optional(),
    welcome: z.enum(["true"]).optional(),
  })
  .strict();

/** The discount-code fields of spec section 3. */
export const discountCodeSchema = z.object({
  code: z.string(),
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  expires: z.string().nullable(),
  value_percentage: z.number(),
  currency: z.enum(CURRENCIES).nullable(),
  /** Minor units of `currency`; null for none. */
  minimum_order_value: z.number().int().nullable(),
  status: z.enum(["active", "inactive"]),
  validity: z.enum(["once-per-user", "once", "unlimited"]),
  expired: z.boolean(),
  /** Methods it is valid with; empty for all. */
  paymentmethods: z.array(z.enum(PAYMENT_METHOD_IDS)),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

export const creditBundleSchema = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** Price before any discount, minor units. */
  price: z.number().int(),
  /** What the member pays without a method fee, minor units. */
  amount: z.number().int(),
  discount_percentage: z.number().nullable(),
  popular: z.boolean(),
});
export type CreditBundle = z.infer<typeof creditBundleSchema>;

export const offeredMethodSchema = z.object({
  id: z.enum(PAYMENT_METHOD_IDS),
  fee_percentage: z.number(),
});

/** GET /api/credits.php: the bundles in the member's currency and the methods of their country. */
export const creditsOfferSchema = z.object({
  country: z.string(),
  currency: z.enum(CURRENCIES),
  bundles: z.array(creditBundleSchema),
  payment_methods: z.array(offeredMethodSchema),
  /** The discount the prices show, when a valid code was asked for. */
  discount: discountCodeSchema.nullable(),
  /** What credits buy on this site. */
  costs: z.object({ message: z.number().int(), photo: z.number().int(), gift: z.number().int() }),
});
export type CreditsOffer = z.infer<typeof creditsOfferSchema>;

export const startPaymentSchema = z
  .object({
    bundle_id: id,
    method: z.enum(PAYMENT_METHOD_IDS, { error: "errors.payment_method_unavailable" }),
    discount_code: z
      .string()
      .trim()
      .max(40)
      .regex(/^[\w-]+$/, { error: "errors.code_not_found" })
      .optional(),
    /** Keep the card for one-step repeat orders (card methods only). */
    store_card: z.boolean().optional(),
  })
  .strict();
export type StartPayment = z.infer<typeof startPaymentSchema>;

export const startPaymentResponseSchema = z.object({ payment_id: z.string(), checkout_url: z.string() });
export type StartPaymentResponse = z.infer<typeof startPaymentResponseSchema>;

/** What a payment provider says of a payment. */
export const PROVIDER_STATUSES = ["open", "pending", "paid", "failed", "canceled", "expired"] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];
/** Our payment's state: the provider's, or refunded once the member had the money back. */
export const PAYMENT_STATUSES = [...PROVIDER_STATUSES, "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A payment as its payer sees it (spec section 3: payment_id, credits, method, amount, transaction fee). */
export const paymentSchema = z.object({
  payment_id: z.string(),
  bundle_id: z.number().int().nullable(),
  credits: z.number().int(),
  payment_method: z.enum(PAYMENT_METHOD_IDS),
  currency: z.enum(CURRENCIES),
  /** Price before the discount, the discount, the fee and the total paid; minor units. */
  price: z.number().int(),
  discount: z.number().int(),
  transaction_fee: z.number().int(),
  amount: z.number().int(),
  discount_code: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Receipt number, shown once the payment is paid. */
  invoice_number: z.string().nullable(),
  /** The stored card (spec section 3) this payment was charged to or kept: "Visa •••• 4242". */
  stored_card: z.string().nullable(),
  /** Until when the member may ask for the money back (a paid payment within the site's refund days). */
  refundable_until: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentQuerySchema = z.object({ id: paymentId }).strict();

export const transactionsResponseSchema = z.object({ transactions: z.array(paymentSchema) });
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;

/** GET /api/transactions.php: the list, or with ?id= one purchase. */
export const transactionsQuerySchema = z.object({ id: z.uuid({ error: "errors.not_found" }).optional() }).strict();

/** One transaction with what a receipt needs: the seller's details and the buyer. */
export const transactionResponseSchema = z.object({
  transaction: paymentSchema,
  seller: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string(),
    country: z.string(),
    kvk: z.string(),
    vat_numbers: z.array(z.string()),
    tradenames: z.array(z.string()),
    support_email: z.string(),
    site: z.string(),
  }),
  buyer: z.object({ name: z.string(), email: z.string() }),
  refund_days: z.number().int(),
});
export type TransactionResponse = z.infer<typeof transactionResponseSchema>;

/** What GET /api/transactions.php answers: the list, or the one purchase asked for with ?id=. */
export const transactionsAnswerSchema = z.union([transactionsResponseSchema, transactionResponseSchema]);

export const LEDGER_REASONS = ["signup_bonus", "message", "photo", "voice", "call", "gift", "purchase", "bonus", "refund"] as const;

/** A credit movement, with what those credits had cost when they were bought (first bought, first spent). */
export const creditHistoryEntrySchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.enum(LEDGER_REASONS),
  created_at: z.string(),
  /** Money value of the credits moved, in the currency they were bought in; null for free credits. */
  worth: z.array(z.object({ currency: z.enum(CURRENCIES), amount: z.number().int() })),
});
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;

export const creditHistoryResponseSchema = z.object({ entries: z.array(creditHistoryEntrySchema) });
export type CreditHistoryResponse = z.infer<typeof creditHistoryResponseSchema>;

export const creditsQuerySchema = z.object({ code: discountCodeQuerySchema.shape.code }).strict();

export const refundRequestSchema = z.object({ payment_id: paymentId }).strict();

/** GET /api/repeat-order.php: the card kept for one-step orders, and the bundle bought last. */
export const repeatOrderOfferSchema = z.object({
  card: z.object({ label: z.string(), method: z.enum(PAYMENT_METHOD_IDS) }).nullable(),
  last_bundle_id: z.number().int().nullable(),
});
export type RepeatOrderOffer = z.infer<typeof repeatOrderOfferSchema>;

export const repeatOrderSchema = z.object({ bundle_id: id }).strict();

/** POST /api/directdebit.php: the account, the phone for the code, and the authorisation. */
export const directDebitRequestSchema = z
  .object({
    bundle_id: id,
    holder: z
      .string()
      .trim()
      .min(2, { error: "errors.holder_invalid" })
      .max(DIRECT_DEBIT_HOLDER_MAX_LENGTH, { error: "errors.holder_invalid" })
      .refine(...singleLine),
    iban: z.string().trim().min(1, { error: "errors.iban_invalid" }).max(50, { error: "errors.iban_invalid" }),
    phone: z.string().trim().min(1, { error: "errors.phone_invalid" }).max(30, { error: "errors.phone_invalid" }),
    /** 'I authorize a one-time direct debit' (spec section 5): must be ticked. */
    authorize: z.literal(true, { error: "errors.authorize_required" }),
    discount_code: z
      .string()
      .trim()
      .max(40)
      .regex(/^[\w-]+$/, { error: "errors.code_not_found" })
      .optional(),
  })
  .strict();
export type DirectDebitRequest = z.infer<typeof directDebitRequestSchema>;
/** The fields the member fills in on /directdebit. */
export const directDebitFormSchema = directDebitRequestSchema.pick({ holder: true, iban: true, phone: true, authorize: true });
export type DirectDebitForm = z.infer<typeof directDebitFormSchema>;

export const directDebitStartedSchema = z.object({
  request_id: z.string(),
  /** The number the code went to, mostly hidden: "+31 6 •••• 78". */
  phone: z.string(),
  /** The IBAN as confirmed: "NL91 •••• 4300". */
  iban: z.string(),
  amount: z.number().int(),
  currency: z.literal("EUR"),
});
export type DirectDebitStarted = z.infer<typeof directDebitStartedSchema>;

export const directDebitConfirmSchema = z
  .object({
    request_id: z.uuid({ error: "errors.not_found" }),
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${DIRECT_DEBIT_CODE_DIGITS}}$`), { error: "errors.code_invalid" }),
  })
  .strict();

export const directDebitResendSchema = z.object({ request_id: z.uuid({ error: "errors.not_found" }) }).strict();

/** A call that takes no query (anything in it is refused). */
const noQuery = z.object({}).strict();

/** The calls of credits and payments (shared by the routes and the web client). */
export const paymentsCalls = {
  "GET /api/credits.php": { querystring: creditsQuerySchema, response: { 200: creditsOfferSchema } },
  "GET /api/discountcode.php": { querystring: discountCodeQuerySchema, response: { 200: discountCodeSchema } },
  "POST /api/payment.php": { body: startPaymentSchema, response: { 200: startPaymentResponseSchema } },
  "GET /api/payment.php": { querystring: paymentQuerySchema, response: { 200: paymentSchema } },
  "GET /api/repeat-order.php": { querystring: noQuery, response: { 200: repeatOrderOfferSchema } },
  "POST /api/repeat-order.php": { body: repeatOrderSchema, response: { 200: paymentSchema } },
  "DELETE /api/repeat-order.php": { response: { 200: okSchema } },
  "POST /api/directdebit.php": { body: directDebitRequestSchema, response: { 200: directDebitStartedSchema } },
  "POST /api/directdebit-confirm.php": { body: directDebitConfirmSchema, response: { 200: paymentSchema } },
  "POST /api/directdebit-resend.php": { body: directDebitResendSchema, response: { 200: okSchema } },
  "POST /api/refund.php": { body: refundRequestSchema, response: { 200: paymentSchema } },
  "GET /api/credit-history.php": { querystring: noQuery, response: { 200: creditHistoryResponseSchema } },
  "GET /api/transactions.php": { querystring: transactionsQuerySchema, response: { 200: transactionsAnswerSchema } },
} as const satisfies Calls;

import {
  createMollieClient,
  Locale,
  MandateMethod,
  type MollieClient,
  type Payment,
  PaymentMethod,
  PaymentStatus as MollieStatus,
  SequenceType,
} from "@mollie/api-client";
import { isLanguage, type Language } from "../../common/locales";
import { type Currency, type MollieMethod, type PaymentMethodId, paymentMethodById } from "../../common/paymentMethods";
import type { ProviderStatus } from "../../common/schemas/payments";
import type { ChargeStoredCard, CreateProviderPayment, DirectDebit, PaymentProvider, ProviderPayment, ProviderStoredCard } from "./paymentProvider";

// Mollie (docs.mollie.com, Payments API v2) through its official client. The client retries a 5xx
// answer twice itself (POSTs with one Idempotency-Key, so a retry cannot make a second payment) and
// throws a MollieApiError for anything else that is not 2xx; those errors are left to the caller.
// The client has no timeout of its own (node-fetch without one): a call Mollie does not answer is
// given up after `timeoutMs` (MollieTimeoutError), so that a member waiting on it hears that payments
// are unavailable instead of waiting forever, and a job tries again later.

/** Long enough for the client's own retries of a 5xx (3 tries, 2 s apart), short enough for a waiting member (MOLLIE_TIMEOUT_MS). */
const TIMEOUT_MS = 20_000;

/** Mollie did not answer a call in time. Whether it acted on it is unknown: calls that make something carry Idempotency-Keys where a retry must not make it twice. */
export class MollieTimeoutError extends Error {
  constructor(ms: number) {
    super(`Mollie did not answer within ${ms} ms`);
    this.name = "MollieTimeoutError";
  }
}

/**
 * Mollie's statuses onto ours. "authorized" (card or pay-later payments waiting for a capture) has
 * no money yet, so it is pending: credits are only granted on "paid". A Record, so that a status the
 * client adds in a later version fails to compile here instead of slipping through.
 */
const STATUSES: Record<MollieStatus, ProviderStatus> = {
  [MollieStatus.open]: "open",
  [MollieStatus.pending]: "pending",
  [MollieStatus.authorized]: "pending",
  [MollieStatus.paid]: "paid",
  [MollieStatus.failed]: "failed",
  [MollieStatus.canceled]: "canceled",
  [MollieStatus.expired]: "expired",
};

/** Methods Mollie no longer takes: no new payment can be made with them (they stay for old payments). */
type HistoricMethod = "sofort" | "giropay";

const METHODS: Record<Exclude<MollieMethod, HistoricMethod>, PaymentMethod> = {
  applepay: PaymentMethod.applepay,
  bancontact: PaymentMethod.bancontact,
  banktransfer: PaymentMethod.banktransfer,
  blik: PaymentMethod.blik,
  creditcard: PaymentMethod.creditcard,
  directdebit: PaymentMethod.directdebit,
  eps: PaymentMethod.eps,
  ideal: PaymentMethod.ideal,
  mobilepay: PaymentMethod.mobilepay,
  paypal: PaymentMethod.paypal,
  paysafecard: PaymentMethod.paysafecard,
  przelewy24: PaymentMethod.przelewy24,
  satispay: PaymentMethod.satispay,
  swish: PaymentMethod.swish,
  twint: PaymentMethod.twint,
  vipps: PaymentMethod.vipps,
};

/**
 * The hosted page's locale per language. Mollie wants language and region; the region is the country
 * where most speakers of the language live among ours (English: en_US, Mollie's own default).
 */
const LOCALES: Record<Language, Locale> = {
  da: Locale.da_DK,
  de: Locale.de_DE,
  en: Locale.en_US,
  es: Locale.es_ES,
  fi: Locale.fi_FI,
  fr: Locale.fr_FR,
  it: Locale.it_IT,
  nb: Locale.nb_NO,
  nl: Locale.nl_NL,
  pl: Locale.pl_PL,
  sv: Locale.sv_SE,
};

const MOLLIE_LOCALES = new Map<string, Locale>(Object.values(Locale).map((locale) => [locale, locale]));

/**
 * Mollie's locale for a language ("nl") or a full tag ("nl-BE", "de_AT"): the tag itself when Mollie
 * has it, else its language's default. Undefined when Mollie has none: its page then follows the browser.
 */
export function mollieLocale(locale: string): Locale | undefined {
  const [language = "", region = ""] = locale.split(/[-_]/);
  const lang = language.toLowerCase();
  const exact = MOLLIE_LOCALES.get(`${lang}_${region.toUpperCase()}`);
  if (exact) return exact;
  return isLanguage(lang) ? LOCALES[lang] : undefined;
}

/**
 * An amount in minor units as Mollie wants it: a string with exactly the currency's number of
 * decimals ("19.99", "49.00"), which Mollie checks. The decimals are Intl's, as in formatMoney, so
 * that "minor units" means the same everywhere. Written from the digits, never through a float.
 */
export function mollieAmount(amountMinor: number, currency: Currency): { currency: Currency; value: string } {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0)
    throw new RangeError(`Amount must be a whole, non-negative number of minor units, got ${amountMinor}`);
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  if (digits === 0) return { currency, value: String(amountMinor) };
  const padded = String(amountMinor).padStart(digits + 1, "0");
  return { currency, value: `${padded.slice(0, -digits)}.${padded.slice(-digits)}` };
}

function mollieMethod(method: PaymentMethodId): PaymentMethod {
  const mollie = paymentMethodById(method).mollieMethod;
  if (mollie === "sofort" || mollie === "giropay") throw new Error(`mollie: ${method} is no longer offered by Mollie`);
  return METHODS[mollie];
}

/** "Visa •••• 4242" from a card payment's details: Mollie's brand (or "Card") and the last digits when given. */
function cardLabelOf(payment: Payment): string {
  const details = payment.details ?? {};
  // Mollie leaves the label null for brands it does not name.
  const brand = ("cardLabel" in details ? details.cardLabel : null) || "Card";
  // Mollie gives the last four digits; sliced anyway so that a longer value never shows more.
  const digits = "cardNumber" in details && typeof details.cardNumber === "string" ? details.cardNumber.slice(-4) : "";
  return digits ? `${brand} •••• ${digits}` : brand;
}

/** Methods whose first payment leaves a card mandate (iDEAL, Bancontact and such leave a SEPA one). */
const CARD_METHODS: ReadonlySet<string> = new Set([PaymentMethod.creditcard, PaymentMethod.applepay]);

/**
 * The card a paid first payment left. Mollie makes the mandate when the first payment is paid and
 * then names it on the payment; before that (or for a payment that did not ask to keep the card)
 * there is none.
 */
function storedCardOf(payment: Payment): ProviderStoredCard | null {
  if (payment.status !== MollieStatus.paid || !payment.customerId || !payment.mandateId) return null;
  if (!payment.method || !CARD_METHODS.has(payment.method)) return null;
  return { customerId: payment.customerId, mandateId: payment.mandateId, label: cardLabelOf(payment) };
}

function toProvider(payment: Payment): ProviderPayment {
  const status = STATUSES[payment.status];
  // The API may grow statuses before the client's types do: better a failed call (retried) than a wrong state.
  if (!status) throw new Error(`mollie: unknown status ${String(payment.status)} of ${payment.id}`);
  const answer: ProviderPayment = { id: payment.id, status, checkoutUrl: payment.getCheckoutUrl() ?? null };
  // The member's customer (kept cards, direct debits): remembered, so that the next payment reuses it.
  if (payment.customerId) answer.customerId = payment.customerId;
  // Only a first payment (one that asked to keep the card) reports a card, as the interface says.
  if (payment.sequenceType === SequenceType.first) answer.storedCard = storedCardOf(payment);
  return answer;
}

/** A mandate's signature date as Mollie wants it (YYYY-MM-DD), from an ISO date or date-time. */
function signatureDate(signedAt: string): string {
  const date = /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(signedAt)?.[1];
  // Date.parse takes "2025-02-30" (as 2 March): only a date that reads back the same is one.
  if (!date || Number.isNaN(Date.parse(date)) || !new Date(date).toISOString().startsWith(date))
    throw new RangeError(`Signature date must be an ISO date, got ${signedAt}`);
  return date;
}

/** Production payments through Mollie: a hosted checkout per payment, its state read back by id. */
export class MolliePaymentProvider implements PaymentProvider {
  readonly name = "mollie" as const;
  private readonly client: MollieClient;
  private readonly timeoutMs: number;

  /**
   * `apiUrl` is the root of the API, like the client's default "https://api.mollie.com:443/v2/"
   * (requests go to `${apiUrl}/payments`). Note that the client only speaks HTTPS, and trusts only
   * the CA certificates bundled with it, not the system's nor NODE_EXTRA_CA_CERTS.
   */
  constructor(options: { apiKey: string; apiUrl?: string; timeoutMs?: number }) {
    this.client = createMollieClient({ apiKey: options.apiKey, ...(options.apiUrl ? { apiEndpoint: options.apiUrl } : {}) });
    this.timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  }

  /** A call of the client, given up after `timeoutMs` (the client's request then ends on its own, unheard). */
  private timed<T>(call: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new MollieTimeoutError(this.timeoutMs)), this.timeoutMs);
    });
    return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
  }

  async create(input: CreateProviderPayment): Promise<ProviderPayment> {
    const amount = mollieAmount(input.amount, input.currency);
    const method = mollieMethod(input.method);
    // Keeping the card is Mollie's recurring flow: a "first" payment of a customer, whose mandate
    // Mollie makes once it is paid (get() then reports it). A customer already made is reused.
    const create = (recurring: { customerId: string; sequenceType: SequenceType } | Record<string, never>) =>
      this.timed(
        this.client.payments.create({
          amount,
          // A chosen method sends the payer straight to it, skipping Mollie's own method list.
          method,
          description: input.description,
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
          locale: mollieLocale(input.locale),
          // Our payment id, so that a payment in Mollie's dashboard leads back to our order.
          metadata: { reference: input.reference },
          ...recurring,
        }),
      );
    const { storeCard } = input;
    const payment = storeCard
      ? await this.withCustomer(
          storeCard.customerId,
          () => this.createCustomer(storeCard.customer),
          (customerId) => create({ customerId, sequenceType: SequenceType.first }),
        )
      : await create({});
    return toProvider(payment);
  }

  /**
   * Runs `use` with the member's customer: the one given, else a new one (`make`), also when Mollie no
   * longer has the one given (deleted in its dashboard: 404 on its URL, 422 on the customerId field).
   */
  private async withCustomer<T>(given: string | null | undefined, make: () => Promise<string>, use: (customerId: string) => Promise<T>): Promise<T> {
    if (!given) return use(await make());
    try {
      return await use(given);
    } catch (error) {
      const e = error as { statusCode?: number; field?: string };
      if (e.statusCode !== 404 && !(e.statusCode === 422 && e.field === "customerId")) throw error;
      return use(await make());
    }
  }

  private async createCustomer(customer: { reference: string; name: string; email: string }, idempotencyKey?: string): Promise<string> {
    const made = await this.timed(
      this.client.customers.create({
        name: customer.name,
        email: customer.email,
        // Our member, so that a customer in Mollie's dashboard leads back to them.
        metadata: { reference: customer.reference },
        ...(idempotencyKey ? { idempotencyKey } : {}),
      }),
    );
    return made.id;
  }

  async get(id: string): Promise<ProviderPayment | null> {
    try {
      return toProvider(await this.timed(this.client.payments.get(id)));
    } catch (error) {
      // Mollie answers 404 for an id it does not have (a forged or mistyped webhook call).
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
  }

  /**
   * Mollie's classic payment webhook posts `id=tr_...` (form-encoded) and is not signed: nothing in
   * it is trusted but the id, whose state is then fetched from Mollie with our key. That fetch is the
   * verification: a forged call can only make us read a payment's true state. So headers are ignored.
   */
  async webhookPaymentId(rawBody: string, _headers: Record<string, string | string[] | undefined>): Promise<string | null> {
    const id = new URLSearchParams(rawBody).get("id");
    return id && /^tr_\w+$/.test(id) ? id : null;
  }

  async refund(id: string, amount: number, currency: Currency, key: string): Promise<void> {
    // Mollie keeps the Idempotency-Key for a while: the same refund retried is made once.
    await this.timed(this.client.paymentRefunds.create({ paymentId: id, amount: mollieAmount(amount, currency), idempotencyKey: key }));
  }

  async chargeStoredCard(input: ChargeStoredCard): Promise<ProviderPayment> {
    // A "recurring" payment is charged at once on the mandate, without the payer: no redirectUrl.
    // Our key makes a retried charge (after a timeout or a crash) one charge at Mollie.
    const payment = await this.timed(
      this.client.payments.create({
        amount: mollieAmount(input.amount, input.currency),
        description: input.description,
        webhookUrl: input.webhookUrl,
        metadata: { reference: input.reference },
        customerId: input.card.customerId,
        mandateId: input.card.mandateId,
        sequenceType: SequenceType.recurring,
        idempotencyKey: input.key,
      }),
    );
    return toProvider(payment);
  }

  async createDirectDebit(input: DirectDebit): Promise<ProviderPayment> {
    // Checked before anything is made at Mollie.
    const amount = mollieAmount(input.amount, input.currency);
    const signed = signatureDate(input.signedAt);
    // Three calls, each with a key derived from ours: a retry of the whole (after a crash in between)
    // replays each step instead of making a second customer, mandate or, above all, debit.
    // A mandate's key names its customer: a new customer (the one given was deleted) gets a new mandate.
    const { customerId, mandate } = await this.withCustomer(
      input.customerId,
      () => this.createCustomer(input.customer, `${input.key}:customer`),
      async (customerId) => {
        const made = await this.timed(
          this.client.customerMandates.create({
            customerId,
            method: MandateMethod.directdebit,
            consumerName: input.account.holder,
            // Mollie wants the IBAN without the spaces people write it with.
            consumerAccount: input.account.iban.replace(/\s+/g, "").toUpperCase(),
            signatureDate: signed,
            mandateReference: input.mandateReference,
            idempotencyKey: `${input.key}:mandate:${customerId}`,
          }),
        );
        return { customerId, mandate: made };
      },
    );
    // The debit itself: pending until the bank collects it (days), then paid or failed via the webhook.
    const payment = await this.timed(
      this.client.payments.create({
        amount,
        description: input.description,
        webhookUrl: input.webhookUrl,
        metadata: { reference: input.reference },
        method: PaymentMethod.directdebit,
        customerId,
        mandateId: mandate.id,
        sequenceType: SequenceType.recurring,
        idempotencyKey: input.key,
      }),
    );
    return toProvider(payment);
  }
}

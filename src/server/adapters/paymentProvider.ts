import type { Currency, PaymentMethodId } from "../../common/paymentMethods";
import type { ProviderStatus } from "../../common/schemas/payments";

// A payment provider: creates a payment with a hosted checkout page, tells its true state when
// asked by id, and recognises its own webhook calls. The embedded default uses the built-in test
// provider (features/testProvider); production uses Mollie.

export interface CreateProviderPayment {
  /** Our payment id, sent along so that the provider's records point back at it. */
  reference: string;
  amount: number;
  currency: Currency;
  description: string;
  method: PaymentMethodId;
  /** Where the payer's browser goes when done (whatever the outcome). */
  redirectUrl: string;
  /** Where the provider tells us that the payment changed. */
  webhookUrl: string;
  /** The payer's language, for the hosted page. */
  locale: string;
  /**
   * Keep the card for later one-step orders (the payer agreed at our checkout): the provider makes
   * or reuses a customer for `customer` and reports the kept card once the payment is paid.
   */
  storeCard?: { customer: { reference: string; name: string; email: string }; customerId: string | null };
}

/** A card the provider keeps for a customer. */
export interface ProviderStoredCard {
  customerId: string;
  mandateId: string;
  /** What the member recognises, such as "Visa •••• 4242". */
  label: string;
}

/** A charge of a kept card, without the payer present. */
export interface ChargeStoredCard {
  reference: string;
  amount: number;
  currency: Currency;
  description: string;
  webhookUrl: string;
  card: { customerId: string; mandateId: string };
  /** Sent to the provider so that a retried charge is made once. */
  key: string;
}

export interface ProviderPayment {
  id: string;
  status: ProviderStatus;
  checkoutUrl: string | null;
  /** The card kept after this payment (paid, with storeCard asked for). */
  storedCard?: ProviderStoredCard | null;
  /** The provider's customer the payment belongs to, when it has one (kept cards, direct debits). */
  customerId?: string | null;
}

export interface PaymentProvider {
  readonly name: "test" | "mollie";
  create(input: CreateProviderPayment): Promise<ProviderPayment>;
  /** The payment's state at the provider now: the only truth a webhook leads to. Null when the provider has no such payment. */
  get(id: string): Promise<ProviderPayment | null>;
  /**
   * The provider payment id a webhook call names, or null when the call is not genuine. Only an id:
   * whatever else a call claims, the state is fetched with `get`.
   */
  webhookPaymentId(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<string | null>;
  /**
   * Gives the payer `amount` of a paid payment back. `key` is the same on every retry of one refund,
   * so that a refund retried after a crash is made once.
   */
  refund(id: string, amount: number, currency: Currency, key: string): Promise<void>;
  /** Charges a kept card again (a repeat order): the answer says paid, failed or (rarely) pending. */
  chargeStoredCard(input: ChargeStoredCard): Promise<ProviderPayment>;
  /**
   * Collects a one-time SEPA direct debit the member authorised on our site (IBAN and name,
   * confirmed with an SMS code): the provider records the mandate and the payment, which stays
   * pending until the bank collects it (days) or refuses it.
   */
  createDirectDebit(input: DirectDebit): Promise<ProviderPayment>;
}

/** A one-time SEPA direct debit, in euros. */
export interface DirectDebit {
  reference: string;
  amount: number;
  currency: "EUR";
  description: string;
  webhookUrl: string;
  account: { holder: string; iban: string };
  customer: { reference: string; name: string; email: string };
  /** Our mandate reference, shown on the member's bank statement. */
  mandateReference: string;
  /** When the member authorised it (ISO date). */
  signedAt: string;
  /** Sent to the provider so that a retried request is made once. */
  key: string;
  /** The member's customer at the provider from an earlier payment: reused instead of making another. */
  customerId?: string | null;
}

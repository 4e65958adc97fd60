import type { Currency, PaymentMethodId } from "../../common/paymentMethods";
import type { PaymentStatus } from "../../common/schemas/payments";

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
}

export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  checkoutUrl: string | null;
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
}

import { useMemo, useState } from "react";
import { Alert, Button, Card, Form } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { priceBreakdown } from "../../../common/creditBundles";
import { isPaymentMethodId, type PaymentMethodId, paymentMethodById } from "../../../common/paymentMethods";
import type { CreditBundle, CreditsOffer } from "../../../common/schemas/payments";
import { useStartPayment } from "../../api/paymentsApi";
import { PaymentMethodLabel } from "./PaymentMethodLabel";
import { useFormats } from "../../i18n/formats";

/** Apple Pay only where the browser can pay with it. */
const canUse = (id: PaymentMethodId) =>
  id !== "apple_pay" || Boolean((window as Window & { ApplePaySession?: { canMakePayments(): boolean } }).ApplePaySession?.canMakePayments());

/** The order's summary and the payment methods of the member's country; paying goes to the provider's page. */
export function MethodChoice({ offer, bundle, method }: { offer: CreditsOffer; bundle: CreditBundle; method: string | undefined }) {
  const { t } = useTranslation();
  const { money } = useFormats();
  const navigate = useNavigate();
  const start = useStartPayment();
  // One key per visit of this page: a double click or a retried request is one order.
  const [key] = useState(() => crypto.randomUUID());
  const methods = useMemo(() => offer.payment_methods.filter((m) => canUse(m.id)), [offer]);
  // The choice shows at once; the address follows, so that a reload or a shared link keeps it.
  const [picked, setPicked] = useState(method);
  const chosen = isPaymentMethodId(picked) && methods.some((m) => m.id === picked) ? picked : methods[0]?.id;
  // The offer's discount applies to this bundle; a code limited to some methods only with those.
  const discount = offer.discount;
  const discounted =
    discount !== null &&
    bundle.discount_percentage !== null &&
    (discount.paymentmethods.length === 0 || (chosen !== undefined && discount.paymentmethods.includes(chosen)));
  const price = priceBreakdown(bundle.price, discounted ? bundle.discount_percentage : null, chosen ?? null);

  const [keepCard, setKeepCard] = useState(true);
  const isCard = chosen !== undefined && paymentMethodById(chosen).kind === "card";

  const pay = () => {
    if (!chosen) return;
    // A direct debit is authorised on our own page (account, phone, SMS code), not at the provider.
    if (chosen === "sepa_direct_debit") {
      navigate(`/directdebit?bundle=${bundle.id}`);
      return;
    }
    const input = {
      bundle_id: bundle.id,
      method: chosen,
      ...(discounted && discount ? { discount_code: discount.code } : {}),
      ...(isCard && keepCard ? { store_card: true } : {}),
    };
    start.mutate({ input, key }, { onSuccess: (answer) => window.location.assign(answer.checkout_url) });
  };

  return (
    <Card className="border-0 shadow-sm">
      <Card.Body>
        <h2 className="h5">{t("payment.your_order")}</h2>
        <dl className="row mb-3" data-testid="order-summary">
          <dt className="col-7 fw-normal">{t("payment.bundle", { count: bundle.credits })}</dt>
          <dd className="col-5 text-end mb-1">{money(price.price, bundle.currency)}</dd>
          {price.discount > 0 && (
            <>
              <dt className="col-7 fw-normal">
                {t("payment.discount")} ({discount?.code})
              </dt>
              <dd className="col-5 text-end mb-1 text-success-emphasis">−{money(price.discount, bundle.currency)}</dd>
            </>
          )}
          {price.fee > 0 && (
            <>
              <dt className="col-7 fw-normal">{t("payment.fee")}</dt>
              <dd className="col-5 text-end mb-1">{money(price.fee, bundle.currency)}</dd>
            </>
          )}
          <dt className="col-7">{t("payment.total")}</dt>
          <dd className="col-5 text-end fw-bold mb-0" data-testid="order-total">
            {money(price.amount, bundle.currency)}
          </dd>
        </dl>
        <fieldset>
          <legend className="h6">{t("payment.choose_method")}</legend>
          <div className="payment-methods">
            {methods.map((m) => (
              <Form.Check
                key={m.id}
                type="radio"
                name="method"
                id={`method-${m.id}`}
                className="payment-method rounded px-5 py-2 mb-2"
                checked={chosen === m.id}
                onChange={() => {
                  setPicked(m.id);
                  navigate(`/credits/${bundle.id}/${m.id}`, { replace: true });
                }}
                label={
                  <span className="d-flex flex-wrap align-items-center gap-2">
                    <PaymentMethodLabel id={m.id} />
                    {m.fee_percentage > 0 && <small className="text-body-secondary">{t("payment.fee_note", { percent: m.fee_percentage })}</small>}
                  </span>
                }
                data-testid={`method-${m.id}`}
              />
            ))}
          </div>
        </fieldset>
        {isCard && (
          <Form.Check
            id="keep-card"
            className="mt-2"
            checked={keepCard}
            onChange={(event) => setKeepCard(event.target.checked)}
            label={<span className="small">{t("payment.keep_card")}</span>}
            data-testid="keep-card"
          />
        )}
        {start.isError && (
          <Alert variant="danger" className="mt-2" role="alert">
            {start.error.message}
          </Alert>
        )}
        <Button className="w-100 mt-2" size="lg" disabled={!chosen || start.isPending || start.isSuccess} onClick={pay} data-testid="pay-button">
          {t("payment.pay", { amount: money(price.amount, bundle.currency) })}
        </Button>
        <p className="small text-body-secondary mt-2 mb-0">{t("payment.secure_note")}</p>
      </Card.Body>
    </Card>
  );
}

import { useState } from "react";
import { Alert, Button, Card, Container, Form } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useCreditsOffer, useForgetCard, useRepeatOffer, useRepeatOrder } from "../api/paymentsApi";
import { PageSpinner } from "../components/PageSpinner";
import { PrefetchLink } from "../components/PrefetchLink";
import { PaymentResult } from "../features/payments/PaymentResult";
import { QueryError } from "../features/payments/QueryError";
import { useFormats } from "../i18n/formats";

/** /credits/repeat-order: buy again in one step with the card the provider keeps. */
export function RepeatOrderPage() {
  const { t } = useTranslation();
  const { money } = useFormats();
  const repeat = useRepeatOffer();
  const offer = useCreditsOffer();
  const buy = useRepeatOrder();
  const forget = useForgetCard();
  const [picked, setPicked] = useState<number | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());

  if (repeat.isPending || offer.isPending) return <PageSpinner />;
  if (repeat.isError) return <QueryError error={repeat.error} retry={() => repeat.refetch()} />;
  if (offer.isError) return <QueryError error={offer.error} retry={() => offer.refetch()} />;
  const card = repeat.data.card;
  // "Visa •••• 4242" stays on one line.
  const cardLabel = card?.label.replace(/ /g, "\u00a0") ?? "";
  const bundles = offer.data.bundles;
  const bundleId = picked ?? repeat.data.last_bundle_id ?? bundles.find((b) => b.popular)?.id ?? bundles[0]?.id;
  const bundle = bundles.find((b) => b.id === bundleId) ?? bundles[0];
  const result = buy.data;

  const submit = () => buy.mutate({ bundleId: bundle.id, key });
  const retry = () => {
    // A new attempt is a new order: the declined one stays declined.
    const next = crypto.randomUUID();
    setKey(next);
    buy.mutate({ bundleId: bundle.id, key: next });
  };

  return (
    <Container className="py-4" style={{ maxWidth: 640 }} data-testid="repeat-order-page">
      <PrefetchLink to="/credits" className="small">
        ← {t("payment.back_to_bundles")}
      </PrefetchLink>
      <h1 className="h3 my-2">{t("repeat.title")}</h1>
      {!card ? (
        <p data-testid="repeat-no-card">
          {t("repeat.no_card")} <PrefetchLink to="/credits">{t("premium.cta")}</PrefetchLink>
        </p>
      ) : result && result.status === "failed" ? (
        <Alert variant="danger" data-testid="card-payment-failed">
          <p className="fw-semibold">{t("errors.card_payment_failed")}</p>
          <p>{t("repeat.failed_text")}</p>
          <div className="d-flex flex-wrap gap-2">
            <Button variant="danger" disabled={buy.isPending} onClick={retry} data-testid="repeat-retry">
              {t("payment.try_again")}
            </Button>
            <PrefetchLink to={`/credits/${bundle.id}/paypal`} className="btn btn-outline-dark" data-testid="repeat-paypal">
              {t("repeat.pay_with_paypal")}
            </PrefetchLink>
          </div>
        </Alert>
      ) : result ? (
        <PaymentResult paymentId={result.payment_id} retryPath="/credits/repeat-order" />
      ) : (
        <Card className="border-0 shadow-sm">
          <Card.Body>
            <p>{t("repeat.card", { card: cardLabel })}</p>
            <fieldset className="mb-3">
              <legend className="h6">{t("repeat.choose_bundle")}</legend>
              {bundles.map((b) => (
                <Form.Check
                  key={b.id}
                  type="radio"
                  name="bundle"
                  id={`repeat-bundle-${b.id}`}
                  className="payment-method rounded px-5 py-2 mb-2"
                  checked={b.id === bundle.id}
                  onChange={() => setPicked(b.id)}
                  label={
                    <span className="d-flex justify-content-between w-100 gap-3">
                      <span>{t("payment.bundle", { count: b.credits })}</span>
                      <span className="fw-semibold">{money(b.price, b.currency)}</span>
                    </span>
                  }
                  data-testid={`repeat-bundle-${b.credits}`}
                />
              ))}
            </fieldset>
            {buy.isError && (
              <Alert variant="danger" role="alert">
                {buy.error.message}
              </Alert>
            )}
            <Button size="lg" className="w-100" disabled={buy.isPending} onClick={submit} data-testid="repeat-buy">
              {t("repeat.buy", { amount: money(bundle.price, bundle.currency) })}
            </Button>
            <Button
              variant="link"
              size="sm"
              className="mt-2 px-0 text-body-secondary"
              disabled={forget.isPending}
              onClick={() => forget.mutate()}
              data-testid="repeat-forget"
            >
              {t("repeat.forget")}
            </Button>
          </Card.Body>
        </Card>
      )}
    </Container>
  );
}

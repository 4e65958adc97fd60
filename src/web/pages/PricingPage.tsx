import { Container, Table } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useCreditsOffer } from "../api/paymentsApi";
import { useSettings } from "../api/settingsApi";
import { useUser } from "../api/userApi";
import { PageSpinner } from "../components/PageSpinner";
import { PrefetchLink } from "../components/PrefetchLink";
import { PaymentMethodLabel } from "../features/payments/PaymentMethodLabel";
import { QueryError } from "../features/payments/QueryError";
import { useFormats } from "../i18n/formats";

/** Prices for everyone, visitors included: bundles, what credits buy, methods, and the refund rule. */
export function PricingPage() {
  const { t } = useTranslation();
  const { money } = useFormats();
  const user = useUser();
  const settings = useSettings();
  const offer = useCreditsOffer();
  return (
    <Container className="py-4" style={{ maxWidth: 880 }} data-testid="pricing-page">
      <h1 className="h3">{t("pricing.title")}</h1>
      <p>{t("pricing.intro")}</p>
      {offer.isPending ? (
        <PageSpinner />
      ) : offer.isError ? (
        <QueryError error={offer.error} retry={() => offer.refetch()} />
      ) : (
        <>
          <Table responsive className="align-middle">
            <thead>
              <tr>
                <th>{t("pricing.bundle")}</th>
                <th className="text-end">{t("pricing.price")}</th>
                <th className="text-end">{t("pricing.per_credit")}</th>
              </tr>
            </thead>
            <tbody>
              {offer.data.bundles.map((b) => (
                <tr key={b.id} data-testid={`pricing-${b.credits}`}>
                  <td>{t("payment.bundle", { count: b.credits })}</td>
                  <td className="text-end">{money(b.amount, b.currency)}</td>
                  <td className="text-end">{money(Math.round(b.amount / b.credits), b.currency)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <h2 className="h5">{t("credits.what_they_buy")}</h2>
          <ul>
            <li>{t("credits.cost_message", { count: offer.data.costs.message })}</li>
            <li>{t("credits.cost_photo", { count: offer.data.costs.photo })}</li>
            <li>{t("credits.cost_gift", { count: offer.data.costs.gift })}</li>
          </ul>
          <p>{t("credits.no_subscription")}</p>
          <p>{t("pricing.refunds", { days: settings.refund_days })}</p>
          <h2 className="h5">{t("pricing.methods")}</h2>
          <ul className="list-unstyled d-flex flex-wrap gap-3">
            {offer.data.payment_methods.map((m) => (
              <li key={m.id}>
                <PaymentMethodLabel id={m.id} />
              </li>
            ))}
          </ul>
          <PrefetchLink to={user ? "/credits" : "/signup"} className="btn btn-primary">
            {user ? t("premium.cta") : t("nav.signup")}
          </PrefetchLink>
        </>
      )}
    </Container>
  );
}

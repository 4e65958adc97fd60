import { Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { useCreditsOffer } from "../api/paymentsApi";
import { PageSpinner } from "../components/PageSpinner";
import { PrefetchLink } from "../components/PrefetchLink";
import { MethodChoice } from "../features/payments/MethodChoice";
import { PaymentResult } from "../features/payments/PaymentResult";
import { useActiveDiscount } from "../features/payments/useActiveDiscount";
import { QueryError } from "../features/payments/QueryError";

/** /credits/{id}/{paymentmethod?}: choose how to pay a bundle; with ?payment= the payment's outcome. */
export function PaymentPage() {
  const { t } = useTranslation();
  const { id, paymentmethod } = useParams();
  const [search] = useSearchParams();
  const paymentId = search.get("payment");
  const offer = useCreditsOffer(useActiveDiscount());
  const bundle = offer.data?.bundles.find((b) => String(b.id) === id);
  return (
    <Container className="py-4" style={{ maxWidth: 640 }} data-testid="payment-page">
      <PrefetchLink to="/credits" className="small">
        ← {t("payment.back_to_bundles")}
      </PrefetchLink>
      <h1 className="h3 my-2">{paymentId ? t("payment.result_title") : t("payment.title")}</h1>
      {paymentId ? (
        <PaymentResult paymentId={paymentId} retryPath={`/credits/${id}/${paymentmethod ?? ""}`.replace(/\/$/, "")} />
      ) : offer.isPending ? (
        <PageSpinner />
      ) : offer.isError ? (
        <QueryError error={offer.error} retry={() => offer.refetch()} />
      ) : bundle ? (
        <MethodChoice offer={offer.data} bundle={bundle} method={paymentmethod} />
      ) : (
        <p data-testid="bundle-unknown">{t("payment.bundle_unknown")}</p>
      )}
    </Container>
  );
}

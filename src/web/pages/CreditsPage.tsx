import { Col, Container, Row } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useCreditsOffer, useRepeatOffer } from "../api/paymentsApi";
import { useUser } from "../api/userApi";
import { PageSpinner } from "../components/PageSpinner";
import { PrefetchLink } from "../components/PrefetchLink";
import { BundleCard } from "../features/payments/BundleCard";
import { DiscountCodeForm } from "../features/payments/DiscountCodeForm";
import { useActiveDiscount } from "../features/payments/useActiveDiscount";
import { QueryError } from "../features/payments/QueryError";

/** Buy credits: the site's bundles in the member's currency; any purchase makes the member premium. */
export function CreditsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const offer = useCreditsOffer(useActiveDiscount());
  const repeat = useRepeatOffer(user?.paid_user === true);
  const card = repeat.data?.card;
  return (
    <Container className="py-4" data-testid="credits-page">
      <h1 className="h3 mb-1">{t("credits.title")}</h1>
      <p className="text-body-secondary">
        {t("credits.balance", { count: user?.credits ?? 0 })}
        {user && !user.paid_user && <> · {t("credits.premium_note")}</>}
      </p>
      {offer.isPending ? (
        <PageSpinner />
      ) : offer.isError ? (
        <QueryError error={offer.error} retry={() => offer.refetch()} />
      ) : (
        <>
          {card && (
            <PrefetchLink to="/credits/repeat-order" className="alert alert-light d-block text-decoration-none border" data-testid="repeat-order-link">
              {t("repeat.link", { card: card.label })}
            </PrefetchLink>
          )}
          <DiscountCodeForm offer={offer.data} />
          <Row xs={1} sm={2} lg={4} className="g-3 mb-4">
            {offer.data.bundles.map((bundle) => (
              <Col key={bundle.id}>
                <BundleCard bundle={bundle} />
              </Col>
            ))}
          </Row>
          <h2 className="h5">{t("credits.what_they_buy")}</h2>
          <ul className="list-unstyled text-body-secondary">
            <li>{t("credits.cost_message", { count: offer.data.costs.message })}</li>
            <li>{t("credits.cost_photo", { count: offer.data.costs.photo })}</li>
            <li>{t("credits.cost_gift", { count: offer.data.costs.gift })}</li>
          </ul>
          <p className="small text-body-secondary">{t("credits.no_subscription")}</p>
          <div className="d-flex flex-wrap gap-3">
            <PrefetchLink to="/premium">{t("credits.about_premium")}</PrefetchLink>
            <PrefetchLink to="/transactions">{t("credits.my_transactions")}</PrefetchLink>
          </div>
        </>
      )}
    </Container>
  );
}

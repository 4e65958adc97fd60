import { Badge, Card } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { CreditBundle } from "../../../common/schemas/payments";
import { PrefetchLink } from "../../components/PrefetchLink";
import { useFormats } from "../../i18n/formats";

/** One bundle: its credits, price and price per credit, and the way to buy it. */
export function BundleCard({ bundle }: { bundle: CreditBundle }) {
  const { t } = useTranslation();
  const { money, number } = useFormats();
  return (
    <Card className={`h-100 text-center shadow-sm ${bundle.popular ? "border-primary border-2" : "border-0"}`} data-testid={`bundle-${bundle.credits}`}>
      <Card.Body className="d-flex flex-column">
        {bundle.popular && (
          <Badge bg="primary" className="align-self-center mb-2">
            {t("credits.popular")}
          </Badge>
        )}
        <p className="display-6 fw-bold mb-0">{number(bundle.credits)}</p>
        <p className="text-body-secondary">{t("credits.credits")}</p>
        {bundle.amount < bundle.price && <p className="text-decoration-line-through text-body-secondary mb-0">{money(bundle.price, bundle.currency)}</p>}
        <p className="h4 mb-1">{money(bundle.amount, bundle.currency)}</p>
        <p className="small text-body-secondary">{t("credits.per_credit", { price: money(Math.round(bundle.amount / bundle.credits), bundle.currency) })}</p>
        <PrefetchLink
          to={`/credits/${bundle.id}`}
          className={`btn mt-auto ${bundle.popular ? "btn-primary" : "btn-outline-primary"}`}
          data-testid={`buy-${bundle.credits}`}
        >
          {t("credits.choose")}
        </PrefetchLink>
      </Card.Body>
    </Card>
  );
}

import { Badge, Card, Col, Container, Row } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { FREE_CONVERSATIONS_TO_START, FREE_PHOTOS, PREMIUM_PHOTOS } from "../../common/constants";
import { useUser } from "../api/userApi";
import { Icon } from "../components/Icon";
import { PrefetchLink } from "../components/PrefetchLink";

/** The premium package overview: what any purchase unlocks, for good. */
export function PremiumPage() {
  const { t } = useTranslation();
  const user = useUser();
  const features = [
    t("premium.feature_photos"),
    t("premium.feature_own_photos", { premium: PREMIUM_PHOTOS, free: FREE_PHOTOS }),
    t("premium.feature_conversations", { free: FREE_CONVERSATIONS_TO_START }),
    t("premium.feature_forever"),
    t("premium.feature_no_subscription"),
  ];
  return (
    <Container className="py-4" style={{ maxWidth: 880 }} data-testid="premium-page">
      <Row className="g-4 align-items-center">
        <Col md={6}>
          <h1 className="h2">
            {t("premium.title")} {user?.paid_user && <Badge bg="success">{t("premium.you_are_premium")}</Badge>}
          </h1>
          <p className="lead">{t("premium.claim", { percent: 46 })}</p>
          <p className="text-body-secondary">{t("premium.how")}</p>
          <PrefetchLink to="/credits" className="btn btn-primary btn-lg" data-testid="premium-buy">
            {user?.paid_user ? t("premium.buy_more") : t("premium.cta")}
          </PrefetchLink>
        </Col>
        <Col md={6}>
          <Card className="border-0 shadow-sm">
            <Card.Body>
              <h2 className="h5 mb-3">{t("premium.features_title")}</h2>
              <ul className="list-unstyled mb-0">
                {features.map((feature) => (
                  <li key={feature} className="d-flex gap-2 mb-2">
                    <Icon name="check" className="text-success-emphasis flex-shrink-0" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}

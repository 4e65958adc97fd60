import { Alert, Card, Col, Container, Row } from "react-bootstrap";
import { useTranslation } from "react-i18next";

/** The tips, in the order a new member meets the risks: money first (the commonest scam). */
const TIPS = ["money", "stay", "private", "meet", "photos", "trust"] as const;

/** /safety: safety tips for members, linked from the chat, the report form and the decision notices. */
export function SafetyPage() {
  const { t } = useTranslation();
  return (
    <Container className="py-4" style={{ maxWidth: 960 }} data-testid="safety-page">
      <h1 className="h2">{t("safety.title")}</h1>
      <p className="lead">{t("safety.intro")}</p>
      <Row xs={1} md={2} className="g-3">
        {TIPS.map((tip) => (
          <Col key={tip}>
            <Card className="h-100">
              <Card.Body>
                <Card.Title as="h2" className="h5">
                  {t(`safety.tips.${tip}.title`)}
                </Card.Title>
                <Card.Text>{t(`safety.tips.${tip}.text`)}</Card.Text>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <Alert variant="danger" className="mt-4 mb-0">
        {t("safety.emergency")}
      </Alert>
    </Container>
  );
}

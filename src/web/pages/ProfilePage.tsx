import { Badge, Button, Card, Col, Container, Row } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useResendActivation, useUser } from "../api/userApi";
import { MailChangeForm } from "../features/auth/MailChangeForm";
import { LanguageChoice } from "../features/layout/LanguageChoice";
import { formatDate } from "../i18n/i18n";

/** Own profile and account settings. The profile fields and photos join with the members issue. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useUser();
  const resend = useResendActivation();
  if (!user) return null;
  return (
    <Container className="py-4" data-testid="profile-page">
      <h1 className="h3 mb-1">{t("profile.title")}</h1>
      <p className="text-body-secondary">
        {user.profile.name} · {t("profile.member_since", { date: formatDate(user.signup_date) })}
      </p>
      <h2 className="h4 mt-4" id="settings">
        {t("profile.settings")}
      </h2>
      <Row className="g-4">
        <Col lg={7}>
          <Card className="border-0 shadow-sm">
            <Card.Body>
              <h3 className="h5">{t("profile.account")}</h3>
              <p className="mb-2">
                {t("mail_change.current", { email: user.email })}{" "}
                {user.status === "confirmed" ? (
                  <Badge bg="success">{t("profile.status_confirmed")}</Badge>
                ) : (
                  <Badge bg="warning" text="dark">
                    {t("profile.status_not_confirmed")}
                  </Badge>
                )}
              </p>
              {user.status === "not_confirmed" && (
                <p>
                  {resend.isSuccess ? (
                    <span className="small fw-semibold">{t("activate.resent")}</span>
                  ) : (
                    <Button size="sm" variant="outline-primary" onClick={() => resend.mutate()} disabled={resend.isPending}>
                      {t("activate.resend")}
                    </Button>
                  )}
                  {resend.error && <span className="small text-danger ms-2">{resend.error.message}</span>}
                </p>
              )}
              <h3 className="h6 mt-4">{t("mail_change.title")}</h3>
              <MailChangeForm />
            </Card.Body>
          </Card>
        </Col>
        <Col lg={5}>
          <Card className="border-0 shadow-sm">
            <Card.Body>
              <h3 className="h5">{t("profile.language")}</h3>
              <p className="small text-body-secondary">{t("profile.language_help")}</p>
              <LanguageChoice />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}

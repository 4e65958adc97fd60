import { Card, Col, Container, Row } from "react-bootstrap";
import { Photo } from "../components/Photo";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams } from "react-router";
import { seedMemberFromPage, useMember } from "../api/membersApi";
import { useSettings } from "../api/settingsApi";
import { useUser } from "../api/userApi";
import { ErrorPage } from "../components/ErrorPage";
import { parseMemberId } from "../features/members/parseMemberId";
import { SignupWizard } from "../features/signup/SignupWizard";

seedMemberFromPage();

/**
 * /members/{id}/signup: sign up to write to this member; the signup form's message becomes the first
 * message to them. Where visitors may not see profiles, the page still signs up (without the card).
 */
export function MemberSignupPage() {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const id = parseMemberId(useParams().id);
  const user = useUser();
  const view = useMember(id ?? 0);
  if (id === null) return <ErrorPage status={404} message={t("errors.not_found")} />;
  if (user && user.signup_step === null) return <Navigate to={`/members/${id}/chat`} replace />;
  const profile = view.data?.profile;
  const member = { id, name: profile?.name ?? t("member_signup.this_member") };
  const photo = profile?.main_image ? cdn_prefix + profile.main_image.filename : null;
  return (
    <Container className="py-4" data-testid="member-signup-page">
      <Row className="g-4 justify-content-center">
        {profile && (
          <Col md={5} lg={4}>
            <Card className="border-0 shadow-sm overflow-hidden">
              {photo && (
                <Photo
                  src={photo}
                  alt={profile.name}
                  sizes="(min-width: 768px) 360px, 100vw"
                  className="w-100 object-fit-cover"
                  style={{ aspectRatio: "4 / 5" }}
                />
              )}
              <Card.Body>
                <h2 className="h5 mb-1">
                  {profile.name}
                  {profile.age !== null && <span className="fw-normal">, {profile.age}</span>}
                </h2>
                {profile.city && <p className="text-body-secondary mb-0">{profile.city}</p>}
              </Card.Body>
            </Card>
          </Col>
        )}
        <Col md={7} lg={6}>
          <Card className="border-0 shadow-sm">
            <Card.Body className="p-4">
              <h1 className="h3 mb-2">{user ? t("signup_steps.title") : t("member_signup.title", { name: member.name })}</h1>
              {!user && <p className="text-body-secondary">{t("member_signup.intro", { name: member.name })}</p>}
              <SignupWizard member={member} />
              {!user && (
                <p className="text-center small mt-3 mb-0">
                  {t("signup.have_account")} <Link to={`/login?next=${encodeURIComponent(`/members/${id}/chat`)}`}>{t("login.submit")}</Link>
                </p>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}

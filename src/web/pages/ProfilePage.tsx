import { Alert, Badge, Button, Card, Col, Container, Row } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useOwnProfile } from "../api/profileApi";
import { useSettings } from "../api/settingsApi";
import { useResendActivation, useUser } from "../api/userApi";
import { PageSpinner } from "../components/PageSpinner";
import { PrefetchLink } from "../components/PrefetchLink";
import { MailChangeForm } from "../features/auth/MailChangeForm";
import { LanguageChoice } from "../features/layout/LanguageChoice";
import { BlockedMembers } from "../features/profile/BlockedMembers";
import { HiddenWordsCard } from "../features/chat/HiddenWordsCard";
import { DeleteAccount } from "../features/account/DeleteAccount";
import { PasswordChangeForm } from "../features/account/PasswordChangeForm";
import { SessionsCard } from "../features/account/SessionsCard";
import { ProfileSwitch } from "../features/profile/ProfileSwitch";
import { PhotoManager } from "../features/profile/PhotoManager";
import { ProfileEditor } from "../features/profile/ProfileEditor";
import { VerificationCard } from "../features/profile/VerificationCard";
import { useFormats } from "../i18n/formats";

/** Own profile (photos, invisible mode, every profile field) and account settings. */
export function ProfilePage() {
  const { t } = useTranslation();
  const formats = useFormats();
  const { cdn_prefix } = useSettings();
  const user = useUser();
  const own = useOwnProfile();
  const resend = useResendActivation();
  if (!user) return null;
  const avatar = user.profile.main_image ? cdn_prefix + user.profile.main_image.thumb_filename : null;
  return (
    <Container className="py-4" data-testid="profile-page">
      <div className="d-flex align-items-center gap-3 mb-4">
        {avatar ? (
          <img src={avatar} alt="" width={64} height={64} className="rounded-circle object-fit-cover shadow-sm" />
        ) : (
          <span className="profile-avatar rounded-circle bg-primary text-white d-inline-flex align-items-center justify-content-center" aria-hidden="true">
            {user.profile.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="me-auto">
          <h1 className="h3 mb-0">{t("profile.title")}</h1>
          <p className="text-body-secondary mb-0">
            {user.profile.name} · {t("profile.member_since", { date: formats.date(user.signup_date) })}
          </p>
        </div>
        <PrefetchLink to={`/members/${user.profile.id}`} className="btn btn-outline-primary btn-sm d-none d-sm-inline-block">
          {t("profile.view_public")}
        </PrefetchLink>
      </div>
      {own.isPending ? (
        <PageSpinner />
      ) : own.isError ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{own.error.message}</span>
          <Button size="sm" variant="outline-danger" onClick={() => own.refetch()}>
            {t("common.retry")}
          </Button>
        </Alert>
      ) : (
        <Row className="g-4" key="profile">
          <Col lg={4}>
            <Card className="border-0 shadow-sm mb-4">
              <Card.Body>
                <PhotoManager photos={own.data.photos} maxPhotos={own.data.max_photos} paidUser={user.paid_user} />
              </Card.Body>
            </Card>
            <Card className="border-0 shadow-sm mb-4">
              <Card.Body>
                <VerificationCard />
              </Card.Body>
            </Card>
            <Card className="border-0 shadow-sm">
              <Card.Body>
                <ProfileSwitch field="invisible" value={own.data.invisible} />
                <hr />
                <ProfileSwitch field="show_activity" value={own.data.show_activity} />
              </Card.Body>
            </Card>
          </Col>
          <Col lg={8}>
            <ProfileEditor profile={own.data.profile} />
          </Col>
        </Row>
      )}
      <h2 className="h4 mt-5" id="settings">
        {t("profile.settings")}
      </h2>
      <Row className="g-4" key="settings">
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
                    <span key="span" className="small fw-semibold">
                      {t("activate.resent")}
                    </span>
                  ) : (
                    <Button key="button" size="sm" variant="outline-primary" onClick={() => resend.mutate()} disabled={resend.isPending}>
                      {t("activate.resend")}
                    </Button>
                  )}
                  {resend.error && <span className="small text-danger ms-2">{resend.error.message}</span>}
                </p>
              )}
              <h3 className="h6 mt-4">{t("mail_change.title")}</h3>
              <MailChangeForm />
              <h3 className="h6 mt-4">{t("password_change.title")}</h3>
              <PasswordChangeForm />
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
          <HiddenWordsCard />
          <Card className="border-0 shadow-sm mt-4">
            <Card.Body>
              <h3 className="h5">{t("profile.my_data_title")}</h3>
              <p className="small text-body-secondary">{t("profile.my_data_text")}</p>
              <a href="/api/my-data.php" download className="btn btn-outline-primary btn-sm" data-testid="my-data-download">
                {t("profile.my_data_button")}
              </a>
            </Card.Body>
          </Card>
          <SessionsCard />
          <DeleteAccount />
          <Card className="border-0 shadow-sm mt-4">
            <Card.Body>
              <h3 className="h5">{t("profile.blocked_title")}</h3>
              <BlockedMembers />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}

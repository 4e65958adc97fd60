import { Badge, Card, Col, Row } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { MemberView } from "../../../common/schemas/members";
import { useSettings } from "../../api/settingsApi";
import { useUser } from "../../api/userApi";
import { Icon, isIconName } from "../../components/Icon";
import { PrefetchLink } from "../../components/PrefetchLink";
import { countryName } from "./countryNames";
import { FictionalWarning } from "./FictionalWarning";
import { useFormats } from "../../i18n/formats";
import { MemberActions } from "./MemberActions";
import { MemberActivity } from "./MemberActivity";
import { MemberGrid } from "./MemberGrid";
import { MemberPhotos } from "./MemberPhotos";
import { locationLine, profileFacts } from "./profileFacts";
import { useCountryRegions } from "./useCountryRegions";
import { VerifiedBadge } from "./VerifiedBadge";

/** Another member's profile: photos, facts the site shows, actions, and related members. */
export function MemberProfile({ view }: { view: MemberView }) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const user = useUser();
  const { profile } = view;
  const visible = settings.visible_profile_fields;
  const regions = useCountryRegions(profile.country);
  const place = locationLine([
    visible.includes("city") ? profile.city : null,
    visible.includes("region") ? regions.find((r) => r.code === profile.region)?.name : null,
    visible.includes("country") && profile.country ? countryName(profile.country, i18n.language) : null,
  ]);
  const facts = profileFacts(profile, visible);
  const formats = useFormats();
  const own = user?.profile.id === profile.id;
  return (
    <>
      <Row className="g-4" data-testid="member-profile">
        <Col md={6} lg={5}>
          <MemberPhotos name={profile.name} photos={view.photos} loggedIn={user !== null} />
        </Col>
        <Col md={6} lg={7}>
          <h1 className="h2 mb-1">
            {profile.name}
            {profile.age !== null && <span className="fw-normal">{`, ${profile.age}`}</span>}
            {profile.verified && <VerifiedBadge size={24} className="ms-2" />}
          </h1>
          {(place || view.distance_km !== null) && (
            <p className="text-body-secondary d-flex align-items-center gap-1 mb-2">
              <Icon name="pin" size={18} />
              <span data-testid="member-place">
                {[place, view.distance_km === null ? null : formats.distance(view.distance_km)].filter(Boolean).join(" · ")}
              </span>
            </p>
          )}
          {view.activity && (
            <p className="mb-2">
              <MemberActivity activity={view.activity} />
            </p>
          )}
          {profile.fictional && (
            <Badge bg="dark" className="mb-3 d-inline-flex align-items-center gap-1">
              {isIconName(settings.fictional_icon) && <Icon name={settings.fictional_icon} size={14} />}
              {settings.fictional_singular}
            </Badge>
          )}
          <div className="my-3">
            {own ? (
              <PrefetchLink to="/profile" className="btn btn-outline-primary">
                {t("member.edit_own")}
              </PrefetchLink>
            ) : (
              <MemberActions view={view} loggedIn={user !== null} />
            )}
          </div>
          {profile.fictional && <FictionalWarning />}
          {visible.includes("personal_text") && profile.personal_text && (
            <Card className="border-0 shadow-sm mb-3">
              <Card.Body>
                <h2 className="h5">{t("member.about", { name: profile.name })}</h2>
                <p className="mb-0 personal-text">{profile.personal_text}</p>
              </Card.Body>
            </Card>
          )}
          {facts.length > 0 && (
            <Card className="border-0 shadow-sm mb-3">
              <Card.Body>
                <h2 className="h5">{t("member.details")}</h2>
                <dl className="row mb-0 member-facts">
                  {facts.map(({ field, value }) => (
                    <div key={field} className="col-6 col-lg-4 mb-2">
                      <dt className="small text-body-secondary fw-normal">{t(`profile.fields.${field}`)}</dt>
                      <dd className="mb-0 fw-semibold">{t(`profile.${field}.${value}`, { defaultValue: value })}</dd>
                    </div>
                  ))}
                </dl>
              </Card.Body>
            </Card>
          )}
          {visible.includes("interests") && profile.interests.length > 0 && (
            <Card className="border-0 shadow-sm mb-3">
              <Card.Body>
                <h2 className="h5">{t("profile.fields.interests")}</h2>
                <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
                  {profile.interests.map((id) => (
                    <li key={id} className="badge rounded-pill text-bg-light border interest-badge">
                      {t(`interests.${id}`, { defaultValue: id })}
                    </li>
                  ))}
                </ul>
              </Card.Body>
            </Card>
          )}
        </Col>
      </Row>
      {view.related.length > 0 && (
        <section className="mt-5" aria-labelledby="related-title">
          <h2 id="related-title" className="h4 mb-3">
            {t("member.related")}
          </h2>
          <MemberGrid members={view.related} />
        </section>
      )}
    </>
  );
}

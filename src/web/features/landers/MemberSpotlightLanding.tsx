import { Col, Container, Row } from "react-bootstrap";
import { Photo } from "../../components/Photo";
import { useTranslation } from "react-i18next";
import type { Niche } from "../../../common/landers";
import type { MemberView } from "../../../common/schemas/members";
import { useSettings } from "../../api/settingsApi";
import { Icon } from "../../components/Icon";
import { SignupLink } from "../signup/SignupLink";
import { LanderCta } from "./LanderCta";
import { photoUrl } from "./photoUrl";
import { RelatedMembers } from "./RelatedMembers";

/** /members/{id}/landing: the member's photo large, their own text and interests, and the way to write them. */
export function MemberSpotlightLanding({ view, niche }: { view: MemberView; niche: Niche }) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const p = view.profile;
  const member = { id: p.id, name: p.name };
  const src = photoUrl(cdn_prefix, p);
  return (
    <div className="lander lander-member" data-testid="member-landing">
      <div className="lander-band">
        <Container className="py-4 py-md-5">
          <Row className="g-4 align-items-center">
            <Col md={5}>
              <div className="lander-card">
                <div className="lander-card-photo">
                  {src && <Photo src={src} alt={p.name} sizes="(min-width: 768px) 400px, 100vw" fetchPriority="high" width={480} height={600} />}
                </div>
              </div>
            </Col>
            <Col md={7}>
              <p className="text-uppercase small fw-semibold text-primary-emphasis mb-1">{t(`landers.niche.${niche}.headline`)}</p>
              <h1 className="lander-title fw-bold mb-1">
                {p.name}
                {p.age !== null && <span className="fw-normal">{`, ${p.age}`}</span>}
              </h1>
              {p.city && (
                <p className="d-flex align-items-center gap-1 mb-3">
                  <Icon name="pin" size={18} />
                  {p.city}
                </p>
              )}
              {p.personal_text && <blockquote className="lander-quote mb-3">{p.personal_text}</blockquote>}
              {p.interests.length > 0 && (
                <ul className="list-unstyled d-flex flex-wrap gap-2 mb-4">
                  {p.interests.slice(0, 6).map((i) => (
                    <li key={i} className="badge rounded-pill text-bg-light border fw-normal px-3 py-2">
                      {t(`interests.${i}`)}
                    </li>
                  ))}
                </ul>
              )}
              <div className="d-flex flex-wrap gap-2 align-items-center">
                <LanderCta member={member}>{t("landers.write_to", { name: p.name })}</LanderCta>
                <SignupLink member={member} className="btn btn-outline-primary btn-lg d-inline-flex align-items-center gap-2">
                  <Icon name="heartOutline" size={20} />
                  {t("landers.member.like", { name: p.name })}
                </SignupLink>
              </div>
              <p className="small mt-3 mb-0">{t("landers.free_note")}</p>
            </Col>
          </Row>
        </Container>
      </div>
      <Container>
        <RelatedMembers name={p.name} members={view.related} />
      </Container>
    </div>
  );
}

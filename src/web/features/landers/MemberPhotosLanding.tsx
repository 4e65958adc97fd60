import { Col, Container, Row } from "react-bootstrap";
import { PHOTO_SLOTS } from "../../../common/photoSizes";
import { Photo } from "../../components/Photo";
import { useTranslation } from "react-i18next";
import type { Niche } from "../../../common/landers";
import type { MemberView } from "../../../common/schemas/members";
import { useSettings } from "../../api/settingsApi";
import { Icon } from "../../components/Icon";
import { SignupLink } from "../signup/SignupLink";
import { LanderCta } from "./LanderCta";
import { RelatedMembers } from "./RelatedMembers";

/** /members/{id}/landing3: the member's photos; the ones visitors may not see are blurred and open the signup. */
export function MemberPhotosLanding({ view, niche }: { view: MemberView; niche: Niche }) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const p = view.profile;
  const member = { id: p.id, name: p.name };
  const locked = view.photos.filter((ph) => ph.locked).length;
  return (
    <div className="lander lander-member-photos" data-testid="member-landing3">
      <Container className="py-4 py-md-5">
        <div className="text-center mb-4">
          <p className="small fw-semibold text-uppercase mb-1">{t(`landers.niche.${niche}.headline`)}</p>
          <h1 className="lander-title fw-bold h2 mb-1">{t("landers.member.photos_title", { name: p.name })}</h1>
          <p className="mb-0">{[p.age !== null ? t("members.age", { age: p.age }) : null, p.city].filter(Boolean).join(" · ")}</p>
        </div>
        <Row xs={2} md={3} lg={4} className="g-3 mb-4">
          {view.photos.map((ph, i) => (
            <Col key={ph.id}>
              <SignupLink member={member} className="lander-card d-block" testId="lander-profile">
                <div className={`lander-card-photo ${ph.locked ? "is-locked" : ""}`}>
                  <Photo
                    src={cdn_prefix + ph.url}
                    sizes={ph.locked ? "100px" : PHOTO_SLOTS.landerCard}
                    alt={ph.locked ? "" : t("landers.member.photo_n", { name: p.name, n: i + 1 })}
                    loading="lazy"
                    width={300}
                    height={375}
                  />
                  {ph.locked && (
                    <span className="lander-card-lock">
                      <Icon name="lock" size={28} />
                      <span className="small fw-semibold">{t("landers.gallery.locked")}</span>
                    </span>
                  )}
                </div>
              </SignupLink>
            </Col>
          ))}
        </Row>
        <div className="text-center">
          {locked > 0 && <p className="h5 mb-3">{t("landers.member.more_photos", { count: locked, name: p.name })}</p>}
          <LanderCta member={member}>{t("landers.write_to", { name: p.name })}</LanderCta>
          <p className="small mt-3 mb-0">{t("landers.free_note")}</p>
        </div>
        <RelatedMembers name={p.name} members={view.related} />
      </Container>
    </div>
  );
}

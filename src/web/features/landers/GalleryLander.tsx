import { Col, Container, Row, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { Niche } from "../../../common/landers";
import { useLanderProfiles } from "../../api/landersApi";
import { useSettings } from "../../api/settingsApi";
import { Icon } from "../../components/Icon";
import { LanderCta } from "./LanderCta";
import { NicheHeadline } from "./LanderHero";
import { photoUrl } from "./photoUrl";
import { SignupLink } from "../signup/SignupLink";
import "./landers.scss";

/** How many cards show clearly; the rest are blurred behind "sign up to see them". */
const CLEAR = 8;

/** gallery: a wall of member cards; the last row blurred and locked; a card opens the signup to write to that member. */
export function GalleryLander({ niche }: { niche: Niche }) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const lander = useLanderProfiles(niche, 12);
  const profiles = lander.data?.profiles ?? [];
  return (
    <div className="lander lander-gallery" data-testid="lander-gallery">
      <section className="lander-band py-5 text-center">
        <Container>
          <NicheHeadline niche={niche} className="mb-4" />
          <LanderCta />
        </Container>
      </section>
      <Container className="py-4">
        {lander.isPending && <Spinner aria-label={t("common.loading")} />}
        <Row xs={2} md={3} lg={4} className="g-3">
          {profiles.map((p, i) => {
            const locked = i >= CLEAR;
            const src = photoUrl(cdn_prefix, p);
            return (
              <Col key={p.id}>
                <SignupLink member={{ id: p.id, name: p.name }} className="lander-card d-block text-decoration-none" testId="lander-profile">
                  <div className={`lander-card-photo ${locked ? "is-locked" : ""}`}>
                    {src && <img src={src} alt={locked ? "" : p.name} loading="lazy" width={300} height={375} />}
                    {locked && (
                      <span className="lander-card-lock">
                        <Icon name="lock" size={28} />
                        <span className="small fw-semibold">{t("landers.gallery.locked")}</span>
                      </span>
                    )}
                  </div>
                  {!locked && (
                    <div className="lander-card-caption">
                      <span className="fw-semibold">{p.name}</span>
                      {p.age !== null && <span>, {p.age}</span>}
                      {p.city && <span className="d-block small opacity-75">{p.city}</span>}
                    </div>
                  )}
                </SignupLink>
              </Col>
            );
          })}
        </Row>
        <div className="text-center py-5">
          {lander.data && lander.data.total > 0 && <p className="h5 mb-3">{t("landers.gallery.waiting", { count: lander.data.total })}</p>}
          <LanderCta />
        </div>
      </Container>
    </div>
  );
}

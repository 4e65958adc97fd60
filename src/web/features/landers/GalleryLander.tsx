import { Col, Container, Row } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { LANDER_PROFILES, type Niche } from "../../../common/landers";
import { useLanderProfiles } from "../../api/landersApi";
import { useSettings } from "../../api/settingsApi";
import { PHOTO_SLOTS } from "../../../common/photoSizes";
import { Icon } from "../../components/Icon";
import { Photo } from "../../components/Photo";
import { LanderCta } from "./LanderCta";
import { NicheHeadline } from "./LanderHero";
import { photoUrl } from "./photoUrl";
import { SignupLink } from "../signup/SignupLink";
import "./landers.scss";

/** How many cards show clearly; the rest are blurred behind "sign up to see them". */
const CLEAR = 8;
const CARDS = LANDER_PROFILES.gallery.count;
/** Cards in the first screen of a phone (two rows of two): their photos load first, the rest lazily. */
const FIRST_SCREEN = 4;

/** gallery: a wall of member cards; the last row blurred and locked; a card opens the signup to write to that member. */
export function GalleryLander({ niche }: { niche: Niche }) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const lander = useLanderProfiles(niche, CARDS);
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
        <Row xs={2} md={3} lg={4} className="g-3" aria-busy={lander.isPending}>
          {/* While the members load, empty cards of their shape hold their place: nothing below moves. */}
          {lander.isPending && (
            <span className="visually-hidden" role="status">
              {t("common.loading")}
            </span>
          )}
          {lander.isPending &&
            Array.from({ length: CARDS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: empty cards, all alike
              <Col key={i} aria-hidden="true">
                <div className="lander-card">
                  <div className="lander-card-photo" />
                </div>
              </Col>
            ))}
          {profiles.map((p, i) => {
            const locked = i >= CLEAR;
            const src = photoUrl(cdn_prefix, p);
            return (
              <Col key={p.id}>
                <SignupLink member={{ id: p.id, name: p.name }} className="lander-card d-block text-decoration-none" testId="lander-profile">
                  <div className={`lander-card-photo ${locked ? "is-locked" : ""}`}>
                    {src && (
                      <Photo
                        src={src}
                        alt={locked ? "" : p.name}
                        // Locked cards are blurred: their smallest width is enough.
                        sizes={locked ? "100px" : PHOTO_SLOTS.landerCard}
                        loading={i < FIRST_SCREEN ? "eager" : "lazy"}
                        fetchPriority={i === 0 ? "high" : undefined}
                        width={300}
                        height={375}
                      />
                    )}
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
          {lander.isPending ? (
            <p className="h5 mb-3">{"\u00a0"}</p>
          ) : (
            lander.data && lander.data.total > 0 && <p className="h5 mb-3">{t("landers.gallery.waiting", { count: lander.data.total })}</p>
          )}
          <LanderCta />
        </div>
      </Container>
    </div>
  );
}

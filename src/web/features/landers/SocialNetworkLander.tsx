import { Col, Container, Row, Spinner } from "react-bootstrap";
import { Photo } from "../../components/Photo";
import { useTranslation } from "react-i18next";
import { LANDER_PROFILES, type Niche } from "../../../common/landers";
import type { LanderProfile } from "../../../common/schemas/landers";
import { useLanderProfiles } from "../../api/landersApi";
import { useSettings } from "../../api/settingsApi";
import { Icon } from "../../components/Icon";
import { SignupLink } from "../signup/SignupLink";
import { LanderCta } from "./LanderCta";
import { NicheHeadline } from "./LanderHero";
import { photoUrl } from "./photoUrl";
import "./landers.scss";
import "./SocialNetworkLander.scss";

/** "Anna, 42" (the age only when known). */
function nameAge(p: LanderProfile): string {
  return p.age === null ? p.name : `${p.name}, ${p.age}`;
}

/** One member as a post: who (avatar, name, age, city), their own words, their photo, and Like / Comment / Message. */
function Post({ profile: p, cdn, eager }: { profile: LanderProfile; cdn: string; eager: boolean }) {
  const { t, i18n } = useTranslation();
  const member = { id: p.id, name: p.name };
  const avatar = photoUrl(cdn, p, "square");
  const photo = photoUrl(cdn, p);
  const interests = p.interests.slice(0, 3).map((id) => t(`interests.${id}`));
  const text =
    p.personal_text ?? (interests.length > 0 ? t("landers.socialnetwork.interests", { list: new Intl.ListFormat(i18n.language).format(interests) }) : null);
  const actions = [
    { key: "like", icon: "heartOutline" },
    { key: "comment", icon: "chat" },
    { key: "message", icon: "send" },
  ] as const;
  return (
    <article className="lander-social-post" aria-labelledby={`lander-post-${p.id}`}>
      <SignupLink member={member} className="lander-social-author" testId="lander-profile">
        {avatar && <Photo src={avatar} alt="" sizes="48px" width={48} height={48} loading={eager ? "eager" : "lazy"} />}
        <span>
          <span id={`lander-post-${p.id}`} className="fw-semibold d-block">
            {nameAge(p)}
          </span>
          {p.city && <span className="small text-body-secondary">{p.city}</span>}
        </span>
      </SignupLink>
      {text && <p className="lander-social-text">{text}</p>}
      {photo && (
        <SignupLink member={member} className="lander-social-photo" testId="lander-profile">
          <Photo src={photo} alt={p.name} sizes="(min-width: 576px) 540px, 100vw" width={600} height={750} loading={eager ? "eager" : "lazy"} />
        </SignupLink>
      )}
      <div className="lander-social-actions">
        {actions.map((a) => (
          <SignupLink key={a.key} member={member} className="lander-social-action" testId="lander-profile">
            <Icon name={a.icon} size={18} />
            {t(`landers.socialnetwork.${a.key}`)}
          </SignupLink>
        ))}
      </div>
    </article>
  );
}

/** socialnetwork: the members as a social feed (a post each), a card to join the site and a list of members near the visitor. */
export function SocialNetworkLander({ niche }: { niche: Niche }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const lander = useLanderProfiles(niche, LANDER_PROFILES.socialnetwork.count);
  const profiles = lander.data?.profiles ?? [];
  return (
    <div className="lander lander-social" data-testid="lander-socialnetwork">
      <Container className="py-4">
        <Row className="g-4 justify-content-center">
          <Col lg={3} md={9} as="aside">
            <section className="lander-social-box lander-social-join">
              <p className="lander-social-join-banner">{t("landers.socialnetwork.join", { name: settings.name })}</p>
              <div className="p-3">
                <NicheHeadline niche={niche} className="mb-3" />
                {lander.data && lander.data.total > 0 && <p className="fw-semibold">{t("landers.socialnetwork.members", { count: lander.data.total })}</p>}
                <LanderCta className="btn btn-primary btn-lg fw-bold w-100" />
                <p className="small text-body-secondary text-center mt-2 mb-0">{t("landers.free_note")}</p>
              </div>
            </section>
          </Col>
          <Col lg={6} md={9}>
            {lander.isPending && (
              <div className="text-center py-5">
                <Spinner aria-label={t("common.loading")} />
              </div>
            )}
            <div className="d-flex flex-column gap-3">
              {profiles.map((p, i) => (
                <Post key={p.id} profile={p} cdn={settings.cdn_prefix} eager={i === 0} />
              ))}
            </div>
            {profiles.length > 0 && (
              <div className="text-center py-4">
                <LanderCta className="btn btn-primary btn-lg fw-bold px-5" />
              </div>
            )}
          </Col>
          <Col lg={3} as="aside" className="d-none d-lg-block">
            {profiles.length > 0 && (
              <section className="lander-social-box lander-social-near p-3">
                <h2 className="h6 fw-bold mb-3">{t("landers.socialnetwork.near")}</h2>
                <ul className="list-unstyled mb-0">
                  {profiles.map((p) => {
                    const src = photoUrl(settings.cdn_prefix, p, "square");
                    return (
                      <li key={p.id}>
                        <SignupLink member={{ id: p.id, name: p.name }} className="lander-social-author" testId="lander-profile">
                          {src && <img src={src} alt="" width={40} height={40} loading="lazy" />}
                          <span className="small">
                            <span className="fw-semibold d-block">{nameAge(p)}</span>
                            {p.city && <span className="text-body-secondary">{p.city}</span>}
                          </span>
                        </SignupLink>
                      </li>
                    );
                  })}
                </ul>
              </section>
            )}
          </Col>
        </Row>
      </Container>
    </div>
  );
}

import { Container, Spinner } from "react-bootstrap";
import { Photo } from "../../components/Photo";
import { useTranslation } from "react-i18next";
import { LANDER_PROFILES, type Niche } from "../../../common/landers";
import { useLanderProfiles } from "../../api/landersApi";
import { useSettings } from "../../api/settingsApi";
import { Icon, type IconName } from "../../components/Icon";
import { SignupLink } from "../signup/SignupLink";
import { LanderCta } from "./LanderCta";
import { NicheHeadline } from "./LanderHero";
import { photoUrl } from "./photoUrl";
import "./landers.scss";
import "./IconsLander.scss";

/** The "how it works" steps: their texts are landers.iconslanding.steps.<key>.title / .text. */
const STEPS: ReadonlyArray<{ key: string; icon: IconName }> = [
  { key: "profile", icon: "heartOutline" },
  { key: "search", icon: "search" },
  { key: "like", icon: "heart" },
  { key: "chat", icon: "chat" },
];

/** iconslanding: the niche's headline, four "how it works" steps with icons, six member avatars and a closing call to action. */
export function IconsLander({ niche }: { niche: Niche }) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const lander = useLanderProfiles(niche, LANDER_PROFILES.iconslanding.count);
  const profiles = lander.data?.profiles ?? [];
  return (
    <div className="lander lander-icons" data-testid="lander-iconslanding">
      <section className="lander-band py-5 text-center">
        <Container>
          <NicheHeadline niche={niche} className="mb-4" />
          <LanderCta className="btn btn-primary btn-lg px-5 fw-bold" />
          <p className="small text-body-secondary mt-2 mb-0">{t("landers.free_note")}</p>
        </Container>
      </section>

      <Container as="section" className="py-5">
        <h2 className="h3 fw-bold text-center mb-4">{t("landers.iconslanding.how_title")}</h2>
        <ol className="lander-icons-steps list-unstyled">
          {STEPS.map((step, i) => (
            <li key={step.key} className={`lander-icons-step is-step-${i + 1}`}>
              <span className="lander-icons-circle">
                <Icon name={step.icon} size={30} />
              </span>
              <h3 className="h5 fw-bold mb-1">{t(`landers.iconslanding.steps.${step.key}.title`)}</h3>
              <p className="mb-0 text-body-secondary">{t(`landers.iconslanding.steps.${step.key}.text`)}</p>
            </li>
          ))}
        </ol>
      </Container>

      {(lander.isPending || profiles.length > 0) && (
        <Container as="section" className="pb-5 text-center">
          <h2 className="h3 fw-bold mb-4">{t("landers.iconslanding.members_title")}</h2>
          {lander.isPending && <Spinner aria-label={t("common.loading")} />}
          <ul className="lander-icons-members list-unstyled">
            {profiles.map((p) => {
              const src = photoUrl(cdn_prefix, p, "square");
              return (
                <li key={p.id}>
                  <SignupLink member={{ id: p.id, name: p.name }} className="lander-icons-member" testId="lander-profile">
                    <span className="lander-icons-avatar">{src && <Photo src={src} alt="" sizes="112px" width={112} height={112} loading="lazy" />}</span>
                    <span className="fw-semibold d-block mt-2">
                      {p.name}
                      {p.age !== null && `, ${p.age}`}
                    </span>
                    {p.city && <span className="small d-block text-body-secondary">{p.city}</span>}
                  </SignupLink>
                </li>
              );
            })}
          </ul>
        </Container>
      )}

      <section className="lander-band py-5 text-center">
        <Container>
          <h2 className="h2 fw-bold mb-3">{t("landers.iconslanding.closing_title")}</h2>
          {lander.data && lander.data.total > 0 && <p className="lead mb-4">{t("landers.iconslanding.count", { count: lander.data.total })}</p>}
          <LanderCta className="btn btn-primary btn-lg px-5 fw-bold" />
          <p className="small text-body-secondary mt-2 mb-0">{t("landers.free_note")}</p>
        </Container>
      </section>
    </div>
  );
}

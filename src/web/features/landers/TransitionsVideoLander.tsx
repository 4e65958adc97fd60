import { Container, Spinner } from "react-bootstrap";
import { Photo } from "../../components/Photo";
import { useTranslation } from "react-i18next";
import { LANDER_PROFILES, type Niche } from "../../../common/landers";
import { useLanderProfiles } from "../../api/landersApi";
import { useSettings } from "../../api/settingsApi";
import { Icon } from "../../components/Icon";
import { SignupLink } from "../signup/SignupLink";
import { LanderCta } from "./LanderCta";
import { NicheHeadline } from "./LanderHero";
import { PlayPauseIcon } from "./PlayPauseIcon";
import { photoUrl } from "./photoUrl";
import { useAutoplay } from "./useAutoplay";
import "./landers.scss";
import "./TransitionsVideoLander.scss";

/** How long a slide shows. */
const SLIDE_MS = 4000;

/** transitionsvideolanding: members as full-height "stories" that cross-fade with a slow zoom, then the headline, the call and a strip to pick a story. */
export function TransitionsVideoLander({ niche }: { niche: Niche }) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const lander = useLanderProfiles(niche, LANDER_PROFILES.transitionsvideolanding.count);
  const profiles = lander.data?.profiles ?? [];
  const show = useAutoplay(profiles.length, SLIDE_MS);
  const { index, playing } = show;
  const current = profiles[index];
  const near = (i: number) => i === index || i === show.previous || i === (index + 1) % profiles.length;
  return (
    <div className="lander lander-stories" data-testid="lander-transitionsvideolanding" data-moves="">
      {lander.isPending && (
        <div className="lander-stories-stage">
          <Spinner variant="light" aria-label={t("common.loading")} />
        </div>
      )}
      {current && (
        <section className={`lander-stories-stage ${playing ? "" : "is-paused"}`} aria-label={t("landers.transitionsvideolanding.label")}>
          {current.main_image && <Photo key={current.id} className="lander-stories-backdrop" src={photoUrl(cdn_prefix, current) ?? ""} alt="" sizes="100px" />}
          <div className="lander-stories-frame">
            {profiles.map((p, i) => {
              const src = near(i) && photoUrl(cdn_prefix, p);
              const state = i === index ? "is-active" : i === show.previous ? "is-leaving" : "";
              return src ? (
                <Photo
                  key={p.id}
                  className={`lander-stories-slide ${state}`}
                  src={src}
                  alt=""
                  sizes="(min-width: 576px) 450px, 100vw"
                  width={450}
                  height={800}
                />
              ) : null;
            })}
            <div className="lander-stories-bars" aria-hidden="true">
              {profiles.map((p, i) => (
                <span key={p.id}>
                  <span style={{ transform: `scaleX(${i < index ? 1 : i === index ? show.progress : 0})` }} />
                </span>
              ))}
            </div>
            <div className="lander-stories-caption" aria-live={playing ? "off" : "polite"}>
              <SignupLink member={{ id: current.id, name: current.name }} className="lander-stories-link" testId="lander-profile">
                <span className="lander-stories-name">
                  {current.name}
                  {current.age !== null && `, ${current.age}`}
                </span>
                {current.city && <span className="d-block mb-3">{current.city}</span>}
                <span className="lander-stories-write">
                  <Icon name="chat" size={18} /> {t("landers.write_to", { name: current.name })}
                </span>
              </SignupLink>
            </div>
            {profiles.length > 1 && (
              <>
                <button
                  type="button"
                  className="lander-stories-btn is-toggle"
                  onClick={() => show.setPlaying(!playing)}
                  aria-label={t(`landers.transitionsvideolanding.${playing ? "pause" : "play"}`)}
                >
                  <PlayPauseIcon playing={playing} size={20} />
                </button>
                <button
                  type="button"
                  className="lander-stories-btn is-prev"
                  onClick={() => show.go(index - 1)}
                  aria-label={t("landers.transitionsvideolanding.previous")}
                >
                  <Icon name="back" size={22} />
                </button>
                <button
                  type="button"
                  className="lander-stories-btn is-next"
                  onClick={() => show.go(index + 1)}
                  aria-label={t("landers.transitionsvideolanding.next")}
                >
                  <Icon name="back" size={22} className="flip-x" />
                </button>
              </>
            )}
          </div>
        </section>
      )}
      <Container className="py-5 text-center">
        <NicheHeadline niche={niche} className="mb-4" />
        <LanderCta className="btn btn-primary btn-lg fw-bold px-5" />
        <p className="small text-body-secondary mt-2">{t("landers.free_note")}</p>
        {profiles.length > 1 && (
          <ul className="lander-stories-thumbs list-unstyled" aria-label={t("landers.transitionsvideolanding.pick")}>
            {profiles.map((p, i) => {
              const src = photoUrl(cdn_prefix, p, "square");
              return (
                <li key={p.id}>
                  <button type="button" className="lander-stories-thumb" aria-pressed={i === index} onClick={() => show.go(i)}>
                    {src && <Photo src={src} alt="" sizes="64px" width={64} height={64} loading="lazy" />}
                    <span className="small d-block text-truncate">{p.name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </Container>
    </div>
  );
}

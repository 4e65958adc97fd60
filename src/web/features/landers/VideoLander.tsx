import { Col, Container, Row, Spinner } from "react-bootstrap";
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
import "./VideoLander.scss";

/** How long a chapter (one member) shows. */
const CHAPTER_MS = 5000;

/** video: a "video player" of member photos (no real video) with chapters, one per member, next to a signup box. */
export function VideoLander({ niche }: { niche: Niche }) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const lander = useLanderProfiles(niche, LANDER_PROFILES.video.count);
  const profiles = lander.data?.profiles ?? [];
  const player = useAutoplay(profiles.length, CHAPTER_MS);
  const { index, playing } = player;
  const current = profiles[index];
  const src = current && photoUrl(cdn_prefix, current);
  const playLabel = t(`landers.video.${playing ? "pause" : "play"}`);
  return (
    <div className="lander lander-video" data-testid="lander-video" data-moves="">
      <Container className="py-4 py-lg-5">
        <Row className="g-4 align-items-center">
          <Col lg={8}>
            {lander.isPending && (
              <div className="lander-video-screen">
                <Spinner variant="light" aria-label={t("common.loading")} />
              </div>
            )}
            {current && (
              <section className={`lander-video-player ${playing ? "" : "is-paused"}`} aria-label={t("landers.video.label")}>
                <div className="lander-video-screen">
                  {src && (
                    <>
                      <Photo key={`bg-${current.id}`} className="lander-video-backdrop" src={src} alt="" sizes="100px" />
                      <Photo
                        key={current.id}
                        className="lander-video-photo"
                        src={src}
                        alt=""
                        sizes="(min-width: 576px) 480px, 100vw"
                        width={600}
                        height={750}
                      />
                    </>
                  )}
                  {!playing && profiles.length > 1 && (
                    <button type="button" className="lander-video-bigplay" onClick={() => player.setPlaying(true)} aria-label={t("landers.video.play")}>
                      <PlayPauseIcon playing={false} size={44} />
                    </button>
                  )}
                </div>
                <div className="lander-video-controls">
                  <div className="lander-video-chapters">
                    {profiles.map((p, i) => (
                      <button
                        key={p.id}
                        type="button"
                        className="lander-video-chapter"
                        onClick={() => player.go(i)}
                        aria-pressed={i === index}
                        aria-label={t("landers.video.chapter", { number: i + 1, name: p.name })}
                      >
                        <span style={{ transform: `scaleX(${i < index ? 1 : i === index ? player.progress : 0})` }} />
                      </button>
                    ))}
                  </div>
                  <div className="d-flex align-items-center gap-2 gap-sm-3">
                    {profiles.length > 1 && (
                      <button type="button" className="lander-video-toggle" onClick={() => player.setPlaying(!playing)} aria-label={playLabel}>
                        <PlayPauseIcon playing={playing} size={24} />
                      </button>
                    )}
                    <div className="flex-grow-1 text-truncate" aria-live={playing ? "off" : "polite"}>
                      <SignupLink member={{ id: current.id, name: current.name }} className="lander-video-who" testId="lander-profile">
                        <span className="fw-bold">
                          {current.name}
                          {current.age !== null && `, ${current.age}`}
                        </span>
                        {current.city && <span className="lander-video-city"> · {current.city}</span>}
                      </SignupLink>
                    </div>
                    <span className="lander-video-count small" aria-hidden="true">
                      {t("landers.video.position", { current: index + 1, total: profiles.length })}
                    </span>
                    <SignupLink
                      member={{ id: current.id, name: current.name }}
                      className="btn btn-light btn-sm fw-bold lander-video-write"
                      testId="lander-profile"
                    >
                      <Icon name="chat" size={16} /> <span className="lander-video-write-text">{t("landers.write_to", { name: current.name })}</span>
                    </SignupLink>
                  </div>
                </div>
              </section>
            )}
          </Col>
          <Col lg={4}>
            <aside className="lander-video-box">
              <NicheHeadline niche={niche} className="mb-3" />
              {lander.data && lander.data.total > 0 && <p className="fw-semibold mb-3">{t("landers.video.members", { count: lander.data.total })}</p>}
              <LanderCta className="btn btn-primary btn-lg fw-bold w-100" />
              <p className="small mt-2 mb-0 text-center lander-video-note">{t("landers.free_note")}</p>
            </aside>
          </Col>
        </Row>
      </Container>
    </div>
  );
}

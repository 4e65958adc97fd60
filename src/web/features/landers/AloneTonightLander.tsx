import { Container } from "react-bootstrap";
import { Photo } from "../../components/Photo";
import { useTranslation } from "react-i18next";
import { LANDER_PROFILES, type Niche } from "../../../common/landers";
import { useLanderProfiles } from "../../api/landersApi";
import { useSettings } from "../../api/settingsApi";
import { useFormats } from "../../i18n/formats";
import { SignupLink } from "../signup/SignupLink";
import { LanderCta } from "./LanderCta";
import { photoUrl } from "./photoUrl";
import "./landers.scss";
import "./AloneTonightLander.scss";

/** alonetonight: a night sky, the visitor's own clock, and a row of faces near them. */
export function AloneTonightLander({ niche }: { niche: Niche }) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const lander = useLanderProfiles(niche, LANDER_PROFILES.alonetonight.count);
  const profiles = lander.data?.profiles ?? [];
  const time = useFormats().time(new Date());
  return (
    <div className="lander lander-night" data-testid="lander-alonetonight">
      <Container className="py-5 text-center position-relative">
        <p className="lander-night-clock" aria-hidden="true">
          {time}
        </p>
        <h1 className="lander-title fw-bold mb-3">{t("landers.alonetonight.title")}</h1>
        <p className="lead mb-1">{t(`landers.niche.${niche}.subline`)}</p>
        <p className="mb-4 opacity-75">{t("landers.alonetonight.time", { time })}</p>
        <ul className="lander-night-faces list-unstyled d-flex flex-wrap justify-content-center gap-3 mb-4">
          {profiles.map((p) => {
            const src = photoUrl(cdn_prefix, p, "square");
            return (
              <li key={p.id}>
                <SignupLink member={{ id: p.id, name: p.name }} className="lander-night-face" testId="lander-profile">
                  {src && <Photo src={src} alt="" sizes="96px" width={96} height={96} loading="lazy" />}
                  <span className="small fw-semibold d-block mt-1">
                    {p.name}
                    {p.age !== null && `, ${p.age}`}
                  </span>
                  {p.city && <span className="small d-block opacity-75">{p.city}</span>}
                </SignupLink>
              </li>
            );
          })}
        </ul>
        {lander.data && lander.data.total > 0 && <p className="h5 mb-4">{t("landers.alonetonight.near", { count: lander.data.total })}</p>}
        <LanderCta className="btn btn-light btn-lg px-5 fw-semibold">{t("landers.alonetonight.cta")}</LanderCta>
        <p className="small mt-3 mb-0 opacity-75">{t("landers.free_note")}</p>
      </Container>
    </div>
  );
}

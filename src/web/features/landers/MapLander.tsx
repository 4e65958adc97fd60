import { useMemo } from "react";
import { Photo } from "../../components/Photo";
import { Col, Container, Row, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { LANDER_PROFILES, type Niche } from "../../../common/landers";
import type { LanderProfile } from "../../../common/schemas/landers";
import { useLanderProfiles } from "../../api/landersApi";
import { useSettings } from "../../api/settingsApi";
import { Icon } from "../../components/Icon";
import { countryName } from "../members/countryNames";
import { SignupLink } from "../signup/SignupLink";
import { LanderCta } from "./LanderCta";
import { photoUrl } from "./photoUrl";
import "./landers.scss";
import "./MapLander.scss";

// The map's drawing units (viewBox): a land shape around the centre, where "you" are.
const W = 400;
const H = 300;
const RX = 165;
const RY = 115;
/** How close (in drawing units) two pins may come before the next one looks for another place. */
const MIN_GAP = 44;

/** The land's radius at angle `a`, as a share of RX/RY: a soft, uneven coastline. */
function coast(a: number): number {
  return 1 + 0.1 * Math.sin(3 * a + 0.6) + 0.06 * Math.sin(5 * a + 2.1) + 0.04 * Math.cos(2 * a);
}

/** The land's outline at `scale` (1 the coast, smaller ones the contour lines) as an SVG path. */
function landPath(scale: number): string {
  const points = Array.from({ length: 90 }, (_, i) => {
    const a = (i / 90) * 2 * Math.PI;
    const r = coast(a) * scale;
    return `${(W / 2 + r * RX * Math.cos(a)).toFixed(1)},${(H / 2 + r * RY * Math.sin(a)).toFixed(1)}`;
  });
  return `M${points.join("L")}Z`;
}

/** A number in [0, 1) from a member id (and a try number): the same member always lands on the same spot. */
function hash(id: number, salt: number): number {
  let h = Math.imul(id ^ 0x5bd1e995, 0x27d4eb2d) ^ Math.imul(salt + 1, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/** Tries per pin before it takes the freest place it found. */
const PIN_ATTEMPTS = 40;

/**
 * Pin places on the land (drawing units), from the ids; a pin too close to another (or to "you") tries
 * again, and where no try keeps MIN_GAP it takes the place farthest from the others (not the last try:
 * overlapping pins are hard to tap on a phone).
 */
function pinPlaces(profiles: LanderProfile[]): Array<{ x: number; y: number }> {
  const placed = [{ x: W / 2, y: H / 2 }];
  for (const p of profiles) {
    let best = placed[0];
    let bestGap = -1;
    for (let attempt = 0; attempt < PIN_ATTEMPTS && bestGap < MIN_GAP; attempt++) {
      const a = hash(p.id, attempt * 2) * 2 * Math.PI;
      const r = coast(a) * (0.38 + 0.5 * Math.sqrt(hash(p.id, attempt * 2 + 1)));
      const spot = { x: W / 2 + r * RX * Math.cos(a), y: H / 2 + r * RY * Math.sin(a) };
      const gap = Math.min(...placed.map((q) => Math.hypot(q.x - spot.x, q.y - spot.y)));
      if (gap > bestGap) {
        best = spot;
        bestGap = gap;
      }
    }
    placed.push(best);
  }
  return placed.slice(1);
}

/** The map's background: water with a faint grid, the land and its contour lines. */
function MapDrawing() {
  const grid = useMemo(() => {
    const lines: string[] = [];
    for (let x = 20; x < W; x += 20) lines.push(`M${x},0V${H}`);
    for (let y = 20; y < H; y += 20) lines.push(`M0,${y}H${W}`);
    return lines.join("");
  }, []);
  const contours = useMemo(() => [1, 0.78, 0.56, 0.34].map(landPath), []);
  return (
    <svg className="lander-map-drawing" viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
      <path d={grid} className="lander-map-grid" />
      {contours.map((d, i) => (
        <path key={d} d={d} className={i === 0 ? "lander-map-land" : "lander-map-contour"} />
      ))}
    </svg>
  );
}

/** A member's round photo on the map (at x, y in drawing units), the name shown on hover and focus. */
function MapPin({ member, cdn, x, y }: { member: LanderProfile; cdn: string; x: number; y: number }) {
  const src = photoUrl(cdn, member, "square");
  return (
    <span className="lander-map-pin" style={{ left: `${(x / W) * 100}%`, top: `${(y / H) * 100}%` }}>
      <SignupLink member={{ id: member.id, name: member.name }} className="lander-map-pin-link" testId="lander-profile">
        {src && <Photo src={src} alt="" sizes="52px" width={52} height={52} loading="lazy" />}
        <span className="lander-map-pin-name">{member.name}</span>
      </SignupLink>
    </span>
  );
}

/** A member in the list beside the map: photo, name, age and city. */
function MemberRow({ member, cdn }: { member: LanderProfile; cdn: string }) {
  const src = photoUrl(cdn, member, "square");
  return (
    <li>
      <SignupLink member={{ id: member.id, name: member.name }} className="lander-map-row" testId="lander-profile">
        {src && <Photo src={src} alt="" sizes="56px" width={56} height={56} loading="lazy" />}
        <span className="flex-grow-1">
          <span className="fw-semibold d-block">
            {member.name}
            {member.age !== null && `, ${member.age}`}
          </span>
          {member.city && <span className="small d-block text-body-secondary">{member.city}</span>}
        </span>
        <Icon name="chat" className="text-primary flex-shrink-0" />
      </SignupLink>
    </li>
  );
}

/** maplanding: "members near you": an abstract map with photo pins around "you", and the same members in a list. */
export function MapLander({ niche }: { niche: Niche }) {
  const { t, i18n } = useTranslation();
  const { cdn_prefix, geoip_country } = useSettings();
  const lander = useLanderProfiles(niche, LANDER_PROFILES.maplanding.count);
  const profiles = useMemo(() => lander.data?.profiles ?? [], [lander.data]);
  const places = useMemo(() => pinPlaces(profiles), [profiles]);
  const code = geoip_country.toUpperCase();
  const country = code ? countryName(code, i18n.language) : "";
  const title = country && country !== code ? t("landers.maplanding.title", { country }) : t("landers.maplanding.title_nowhere");
  return (
    <div className="lander lander-map" data-testid="lander-maplanding">
      <Container className="py-4 py-lg-5">
        <h1 className="lander-title fw-bold mb-2">{title}</h1>
        <p className="lead mb-4">{t(`landers.niche.${niche}.subline`)}</p>
        <Row className="g-4">
          <Col lg={7}>
            <section className="lander-map-area" aria-label={t("landers.maplanding.map_label")}>
              <MapDrawing />
              <span className="lander-map-you">
                <span className="lander-map-you-dot" aria-hidden="true" />
                <span className="lander-map-you-label">{t("landers.maplanding.you")}</span>
              </span>
              {profiles.map((p, i) => (
                <MapPin key={p.id} member={p} cdn={cdn_prefix} x={places[i].x} y={places[i].y} />
              ))}
              {lander.isPending && <Spinner className="lander-map-spinner" aria-label={t("common.loading")} />}
            </section>
          </Col>
          <Col lg={5}>
            {profiles.length > 0 && (
              <>
                <h2 className="h4 fw-bold mb-3">{t("landers.maplanding.list_title")}</h2>
                <ul className="list-unstyled mb-4">
                  {profiles.map((p) => (
                    <MemberRow key={p.id} member={p} cdn={cdn_prefix} />
                  ))}
                </ul>
              </>
            )}
            {lander.data && lander.data.total > 0 && <p className="fw-semibold mb-3">{t("landers.maplanding.count", { count: lander.data.total })}</p>}
            <LanderCta className="btn btn-primary btn-lg px-5 fw-bold" />
            <p className="small text-body-secondary mt-2 mb-0">{t("landers.free_note")}</p>
          </Col>
        </Row>
      </Container>
    </div>
  );
}

import type { CSSProperties } from "react";
import { Photo } from "../../components/Photo";
import { Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { LANDER_PROFILES, type Niche } from "../../../common/landers";
import { useLanderProfiles } from "../../api/landersApi";
import { useSettings } from "../../api/settingsApi";
import { SignupLink } from "../signup/SignupLink";
import { LanderCta } from "./LanderCta";
import { NicheHeadline } from "./LanderHero";
import { photoUrl } from "./photoUrl";
import "./landers.scss";
import "./CollageLander.scss";

/** Tiles of the mosaic; phones show the first PHONE_TILES. */
const TILES = LANDER_PROFILES.collagelanding.count;
const PHONE_TILES = 12;
/** Tiles larger than one cell, by position: big is 2×2, tall 1×2, wide 2×1 (none among a layout's last few: those fill the gaps). */
const SHAPES: Record<number, "big" | "tall" | "wide"> = { 0: "big", 3: "tall", 5: "wide", 12: "big", 14: "tall", 16: "wide" };
const CELLS = { big: 4, tall: 2, wide: 2 };
/** The last tiles of a layout are single cells, so that the grid's auto-placement fills its gaps with them. */
const FILLERS = 7;

/** Columns and tiles per layout: phones, tablets, desktops (which also hold the 4 × 3 card). */
const LAYOUTS = [
  { name: "sm", columns: 3, tiles: PHONE_TILES, card: 0 },
  { name: "md", columns: 6, tiles: TILES, card: 0 },
  { name: "lg", columns: 8, tiles: TILES, card: 12 },
];

/** The shape of tile `i` of `count` (none: a single cell). */
function shapeOf(i: number, count: number) {
  const shown = i < PHONE_TILES ? Math.min(count, PHONE_TILES) : count;
  return i < shown - FILLERS ? SHAPES[i] : undefined;
}

/** The grid cells the first `shown` tiles of `count` take. */
function cellsOf(shown: number, count: number): number {
  let total = 0;
  for (let i = 0; i < shown; i++) {
    const shape = shapeOf(i, count);
    total += shape ? CELLS[shape] : 1;
  }
  return total;
}

/**
 * The tiles' classes: the shape, and per layout whether a single tile grows to 2 columns so that the
 * cells add up to full rows (the first single tiles grow, as many as cells are missing).
 */
function tileClasses(count: number): string[] {
  const classes = Array.from({ length: count }, (_, i) => {
    const shape = shapeOf(i, count);
    return shape ? `is-${shape}` : "";
  });
  for (const layout of LAYOUTS) {
    const shown = Math.min(count, layout.tiles);
    let missing = (layout.columns - ((layout.card + cellsOf(shown, count)) % layout.columns)) % layout.columns;
    for (let i = 0; i < shown - FILLERS && missing > 0; i++) {
      if (shapeOf(i, count)) continue;
      classes[i] += ` grow-${layout.name}`;
      missing--;
    }
  }
  return classes;
}

/** The desktop grid row the card (4 columns × 3 rows of 8) starts on, so that it sits in the middle. */
function cardRow(count: number): number {
  const rows = Math.ceil((12 + cellsOf(count, count)) / 8);
  return Math.max(1, Math.floor((rows - 3) / 2) + 1);
}

/** collagelanding: a full-bleed mosaic of member photos, each opening the signup to write to them, with a white card in its middle. */
export function CollageLander({ niche }: { niche: Niche }) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const lander = useLanderProfiles(niche, LANDER_PROFILES.collagelanding.count);
  const profiles = lander.data?.profiles ?? [];
  const classes = tileClasses(profiles.length);
  return (
    <div className="lander lander-collage" data-testid="lander-collagelanding">
      <div className="lander-collage-grid" style={{ "--card-row": cardRow(profiles.length) } as CSSProperties}>
        <div className="lander-collage-card text-center">
          <NicheHeadline niche={niche} className="mb-3" />
          {lander.isPending && <Spinner className="my-2" aria-label={t("common.loading")} />}
          {lander.data && lander.data.total > 0 && <p className="fw-semibold mb-3">{t("landers.collagelanding.count", { count: lander.data.total })}</p>}
          <div>
            <LanderCta className="btn btn-primary btn-lg px-5 fw-bold" />
          </div>
          <p className="small text-body-secondary mt-2 mb-0">{t("landers.free_note")}</p>
        </div>
        {profiles.map((p, i) => {
          const src = photoUrl(cdn_prefix, p, shapeOf(i, profiles.length) ? "large" : "thumb");
          return (
            <SignupLink
              key={p.id}
              member={{ id: p.id, name: p.name }}
              className={`lander-collage-tile ${classes[i]} ${i >= PHONE_TILES ? "is-extra" : ""}`}
              testId="lander-profile"
            >
              {src ? <Photo src={src} alt={p.name} sizes="(min-width: 768px) 25vw, 50vw" loading="lazy" /> : <span className="visually-hidden">{p.name}</span>}
            </SignupLink>
          );
        })}
      </div>
    </div>
  );
}

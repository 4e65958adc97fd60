import type { EYE_COLORS, HAIR_COLORS } from "../../common/profileOptions";
import { avatarBackground } from "./avatarBackground";
import { AVATAR_HEIGHT as H, AVATAR_WIDTH as W, type AvatarGeometry, avatarGeometry, r1 } from "./avatarGeometry";
import { avatarHair, FEMALE_HAIR_STYLES, type HairStyle, MALE_HAIR_STYLES } from "./avatarHair";
import { mulberry32 } from "./mulberry32";
import { mixColor, shadeColor } from "./mixColor";
import { type SeededPicker, seededPicker } from "./seededPicker";

type HairColor = (typeof HAIR_COLORS)[number];
type EyeColor = (typeof EYE_COLORS)[number];

export interface AvatarOptions {
  seed: number;
  gender: "male" | "female";
  age: number;
  hairColor: HairColor;
  eyeColor: EyeColor;
}

const SKINS = ["#fde4d0", "#f9d7c0", "#f3c9a9", "#eab892", "#e0a97f", "#d29868", "#c1865a", "#a8714a", "#8d5a3b", "#70462d", "#5a3622"];
const SKIN_WEIGHTS_ANY = [5, 7, 9, 9, 8, 7, 6, 5, 4, 3, 2];
const SKIN_WEIGHTS_LIGHT = [9, 12, 12, 10, 7, 4, 2, 1, 0.5, 0.3, 0.2];
const SKIN_WEIGHTS_RED = [14, 14, 10, 6, 2, 1, 0, 0, 0, 0, 0];

const HAIR_SHADES: Record<Exclude<HairColor, "bald" | "grey">, readonly string[]> = {
  black: ["#1c1714", "#231c18", "#2b2220", "#1e1b1d"],
  brown: ["#3b2619", "#4d3222", "#5e3d26", "#6f4a2d", "#7c5535", "#553a2a"],
  blond: ["#e6c27a", "#d9ae62", "#c99a52", "#efd595", "#b8894a", "#dcb970"],
  red: ["#a6401c", "#b8512a", "#8f3a1e", "#c46a3a"],
  other: ["#d96aa7", "#8e5cc9", "#4b7bd1", "#2aa198", "#ece3d0", "#9e2a3a"],
};

const EYE_SHADES: Record<EyeColor, readonly string[]> = {
  brown: ["#5a3825", "#6b4226", "#4a2c1a", "#7a4a28"],
  blue: ["#4f8fd1", "#5b9bd5", "#3f7cbf", "#6fa8dc"],
  green: ["#5d9b5a", "#4e8a55", "#6a9e4f", "#5f8f6a"],
  grey: ["#8797a5", "#94a3ae", "#7d8c99"],
  hazel: ["#8e6d34", "#9a7438", "#7f6a3a"],
};

const TOP_COLORS = [
  "#e76f51",
  "#2a9d8f",
  "#264653",
  "#e9c46a",
  "#f4a261",
  "#6a4c93",
  "#1982c4",
  "#ff595e",
  "#8ac926",
  "#f7f4ef",
  "#222831",
  "#b5838d",
  "#457b9d",
  "#9b2226",
  "#588157",
  "#f2cc8f",
  "#3d405b",
  "#ffafcc",
  "#a2d2ff",
  "#cdb4db",
  "#ef476f",
  "#06d6a0",
  "#118ab2",
  "#8d6e63",
];
const SHIRT_COLORS = ["#ffffff", "#dbe9f7", "#f3e9dc", "#cfe3d4", "#f7d9d9", "#9fb8d6", "#2f3e52"];
const BLAZER_COLORS = ["#1f2a44", "#3a3f47", "#111317", "#8a6a4a", "#6d2a36", "#4a5d4f", "#b9a58c"];
const METALS = ["#d4af37", "#c0c0c0", "#e6c07b"];

type Neckline = "crew" | "vneck" | "scoop" | "collar" | "turtleneck" | "blazer" | "hoodie";

/** Builds the SVG source of an illustrated head-and-shoulders portrait (720x900), deterministic per option set. */
export function avatarSvg(options: AvatarOptions): string {
  const { gender, age, hairColor, eyeColor } = options;
  const female = gender === "female";
  const pick = seededPicker(mulberry32(options.seed));
  const background = avatarBackground(pick);
  const g = avatarGeometry(pick, gender);

  // Colours.
  const skinWeights = hairColor === "red" ? SKIN_WEIGHTS_RED : hairColor === "blond" || eyeColor !== "brown" ? SKIN_WEIGHTS_LIGHT : SKIN_WEIGHTS_ANY;
  const skin = pick.weighted(SKINS, skinWeights);
  const skinDark = shadeColor(skin, -0.14);
  const hair = hairTone(hairColor, age, pick);
  const brow = browTone(hairColor, hair, age, pick);
  const eye = pick.pick(EYE_SHADES[eyeColor]);

  // Choices.
  const style: HairStyle =
    hairColor === "bald"
      ? !female && age > 35 && pick.chance(0.6)
        ? "baldSides"
        : "none"
      : female
        ? pick.weighted(FEMALE_HAIR_STYLES, [4, 4, 3, 2, 1.5, 2.5, 1.5])
        : pick.weighted(MALE_HAIR_STYLES, [4, 2, 3, 2, 1.5, 1.2, 0.8]);
  const tilt = pick.range(-4, 4);
  const neckline: Neckline = female
    ? pick.weighted(["crew", "vneck", "scoop", "collar", "turtleneck", "blazer", "hoodie"] as const, [3, 3, 3, 2, 1.5, 1.5, 1])
    : pick.weighted(["crew", "vneck", "collar", "turtleneck", "blazer", "hoodie"] as const, [4, 2.5, 3, 1.2, 1.8, 1.2]);
  const beard = female ? "none" : pick.weighted(["none", "stubble", "short", "full", "goatee"] as const, [10, 5, age < 22 ? 1 : 3.5, age < 25 ? 0.5 : 2, 1]);
  const beardColor = hairColor === "bald" || hairColor === "other" ? brow : shadeColor(hair, hairColor === "black" ? 0.04 : -0.1);
  const glasses = pick.chance(age > 45 ? 0.38 : 0.16);
  const lookX = pick.range(-3, 3);
  const happyEyes = pick.chance(0.08);
  const openSmile = pick.chance(0.55);

  const faceDir = pick.chance(0.5) ? 1 : -1;
  const hairLayers = avatarHair(style, g, hair, skin, pick);
  const headTransform = `rotate(${r1(tilt)} ${r1(g.cx)} ${r1(g.neckBaseY)})`;

  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
  parts.push(background);
  parts.push(`<defs><clipPath id="faceClip"><path d="${g.face}"/></clipPath>`);
  parts.push(
    `<linearGradient id="neckShade" gradientUnits="userSpaceOnUse" x1="0" y1="${r1(g.cy + g.ry * 0.85)}" x2="0" y2="${r1(g.cy + g.ry * 1.32)}"><stop offset="0" stop-color="${shadeColor(skin, -0.3)}"/><stop offset="1" stop-color="${skinDark}"/></linearGradient>` +
      `<linearGradient id="faceShade" x1="${faceDir > 0 ? 0 : 1}" y1="0" x2="${faceDir > 0 ? 1 : 0}" y2="0"><stop offset="0.55" stop-color="${skinDark}" stop-opacity="0"/><stop offset="1" stop-color="${skinDark}" stop-opacity="0.55"/></linearGradient></defs>`,
  );
  // The person is drawn a bit larger than their geometry, growing from the shoulders up.
  parts.push(`<g transform="translate(${r1(g.cx)} 645) scale(1.18) translate(${r1(-g.cx)} -630)">`);
  parts.push(`<g transform="${headTransform}">${hairLayers.back}</g>`);
  parts.push(body(g, pick, neckline, skin, female));
  parts.push(`<g transform="${headTransform}">`);
  parts.push(hairLayers.mid);
  parts.push(ears(g, skin, skinDark, female, pick));
  parts.push(`<path d="${g.face}" fill="${skin}"/>`);
  parts.push(
    `<g clip-path="url(#faceClip)">` +
      `<rect x="${r1(g.cx - g.rx)}" y="${r1(g.cy - g.ry)}" width="${r1(2 * g.rx)}" height="${r1(2 * g.ry)}" fill="url(#faceShade)"/>` +
      (hairLayers.shadow ? `<path d="${hairLayers.shadow}" transform="translate(0 9)" fill="${shadeColor(skin, -0.35)}" opacity="0.22"/>` : "") +
      `</g>`,
  );
  if (style === "none" || style === "baldSides") {
    parts.push(
      `<ellipse cx="${r1(g.cx - faceDir * g.rx * 0.3)}" cy="${r1(g.cy - g.ry * 0.78)}" rx="${r1(g.rx * 0.32)}" ry="${r1(g.ry * 0.12)}" fill="#ffffff" opacity="0.18" transform="rotate(${-faceDir * 18} ${r1(g.cx - faceDir * g.rx * 0.3)} ${r1(g.cy - g.ry * 0.78)})"/>`,
    );
  }
  const blush = female ? 0.24 : 0.12;
  for (const s of [-1, 1]) {
    parts.push(`<ellipse cx="${r1(g.cx + s * g.rx * 0.58)}" cy="${r1(g.mouthY - 24)}" rx="24" ry="13" fill="#ff7f7f" opacity="${blush}"/>`);
  }
  if (age > 45) parts.push(ageLines(g, age, skin));
  if (beard !== "none") parts.push(beardSvg(g, beard, beardColor, skin));
  parts.push(eyes(g, eye, skin, female, lookX, happyEyes));
  parts.push(brows(g, brow, female, pick));
  parts.push(nose(g, skin, pick));
  parts.push(mouth(g, skin, female, openSmile, pick));
  parts.push(hairLayers.front);
  if (glasses) parts.push(glassesSvg(g, female, pick));
  parts.push(`</g></g></svg>`);
  return parts.join("");
}

function hairTone(hairColor: HairColor, age: number, pick: SeededPicker): string {
  if (hairColor === "bald") return "#3b2619";
  if (hairColor === "grey") {
    return age > 62 ? pick.pick(["#e2e0dc", "#d6d3ce", "#ecebe7"]) : pick.pick(["#aaa6a0", "#bab6b0", "#9a958f", "#c7c3bd"]);
  }
  const base = pick.pick(HAIR_SHADES[hairColor]);
  if (hairColor !== "other" && age > 50) return mixColor(base, "#b9b6b1", Math.min(0.4, (age - 50) / 50));
  return base;
}

function browTone(hairColor: HairColor, hair: string, age: number, pick: SeededPicker): string {
  switch (hairColor) {
    case "black":
      return hair;
    case "brown":
      return shadeColor(hair, -0.2);
    case "blond":
      return shadeColor(hair, -0.35);
    case "red":
      return shadeColor(hair, -0.25);
    case "grey":
      return mixColor(hair, "#5e5a55", 0.45);
    case "other":
      return pick.pick(["#3b2619", "#4d3222", "#2b2220"]);
    case "bald":
      return age > 55 ? pick.pick(["#8a857f", "#6e6a66"]) : pick.pick(["#3b2619", "#2b2220", "#5e3d26", "#8a6a45"]);
  }
}

function body(g: AvatarGeometry, pick: SeededPicker, neckline: Neckline, skin: string, female: boolean): string {
  const { cx, neckW: nw, neckBaseY: nb, shoulderW: sw } = g;
  const main =
    neckline === "blazer" ? pick.pick(BLAZER_COLORS) : neckline === "collar" ? pick.pick([...SHIRT_COLORS, ...TOP_COLORS.slice(0, 8)]) : pick.pick(TOP_COLORS);
  const inner = neckline === "blazer" ? pick.pick(["#ffffff", "#f3e9dc", "#222831", ...TOP_COLORS.slice(0, 6)]) : main;
  const trim = shadeColor(main, main === "#222831" || main === "#111317" ? 0.18 : -0.16);
  const shape =
    `M ${r1(cx - nw - 2)} ${r1(nb - 14)} L ${r1(cx + nw + 2)} ${r1(nb - 14)}` +
    ` C ${r1(cx + nw + 40)} ${r1(nb + 16)} ${r1(cx + sw - 70)} ${r1(nb + 20)} ${r1(cx + sw - 20)} ${r1(nb + 48)}` +
    ` C ${r1(cx + sw + 18)} ${r1(nb + 70)} ${r1(cx + sw + 28)} ${r1(nb + 140)} ${r1(cx + sw + 34)} ${H + 10}` +
    ` L ${r1(cx - sw - 34)} ${H + 10}` +
    ` C ${r1(cx - sw - 28)} ${r1(nb + 140)} ${r1(cx - sw - 18)} ${r1(nb + 70)} ${r1(cx - sw + 20)} ${r1(nb + 48)}` +
    ` C ${r1(cx - sw + 70)} ${r1(nb + 20)} ${r1(cx - nw - 40)} ${r1(nb + 16)} ${r1(cx - nw - 2)} ${r1(nb - 14)} Z`;
  const out: string[] = [];
  out.push(
    `<defs><linearGradient id="topShade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shadeColor(main, 0.08)}"/><stop offset="1" stop-color="${shadeColor(main, -0.12)}"/></linearGradient><clipPath id="bodyClip"><path d="${shape}"/></clipPath></defs>`,
  );
  if (neckline === "hoodie") {
    out.push(
      `<path d="M ${r1(cx - nw - 70)} ${r1(nb + 60)} C ${r1(cx - nw - 70)} ${r1(nb - 60)} ${r1(cx + nw + 70)} ${r1(nb - 60)} ${r1(cx + nw + 70)} ${r1(nb + 60)} Z" fill="${trim}"/>`,
    );
  }
  out.push(`<path d="${shape}" fill="url(#topShade)"/>`);
  let pattern = "";
  if ((neckline === "crew" || neckline === "scoop") && pick.chance(0.15)) {
    const stripe = main === "#f7f4ef" || main === "#f2cc8f" || main === "#a2d2ff" ? "#1f2a44" : "#f7f4ef";
    for (let y = nb + 40; y < H; y += 36) pattern += `<rect x="0" y="${r1(y)}" width="${W}" height="13" fill="${stripe}" opacity="0.85"/>`;
  }
  pattern +=
    `<path d="M ${r1(cx - sw + 42)} ${r1(nb + 130)} Q ${r1(cx - sw + 30)} ${r1(nb + 230)} ${r1(cx - sw + 40)} ${H}" fill="none" stroke="${shadeColor(main, -0.3)}" stroke-width="4" opacity="0.3"/>` +
    `<path d="M ${r1(cx + sw - 42)} ${r1(nb + 130)} Q ${r1(cx + sw - 30)} ${r1(nb + 230)} ${r1(cx + sw - 40)} ${H}" fill="none" stroke="${shadeColor(main, -0.3)}" stroke-width="4" opacity="0.3"/>`;
  if (neckline === "blazer") {
    pattern += `<path d="M ${r1(cx - nw - 22)} ${r1(nb - 10)} L ${r1(cx)} ${r1(nb + 250)} L ${r1(cx + nw + 22)} ${r1(nb - 10)} Z" fill="${inner}"/>`;
  }
  out.push(`<g clip-path="url(#bodyClip)">${pattern}</g>`);

  // Neck, with the skin showing through the neckline.
  const neckTop = g.cy + g.ry * 0.4;
  const sideDown = (s: number, y: number, flare: number): string =>
    ` L ${r1(cx + s * nw)} ${r1(y - 34)} C ${r1(cx + s * nw)} ${r1(y - 16)} ${r1(cx + s * (nw + flare * 0.5))} ${r1(y - 8)} ${r1(cx + s * (nw + flare))} ${r1(y - 4)}`;
  const start = `M ${r1(cx - nw)} ${r1(neckTop)}`;
  const end = ` L ${r1(cx + nw)} ${r1(neckTop)} Z`;
  const rightUp = (y: number, flare: number): string =>
    ` C ${r1(cx + nw + flare * 0.5)} ${r1(y - 8)} ${r1(cx + nw)} ${r1(y - 16)} ${r1(cx + nw)} ${r1(y - 34)}`;
  let neck: string;
  let trimPath = "";
  let overlay = "";
  const depth = neckline === "vneck" ? pick.range(62, 88) : neckline === "scoop" ? pick.range(58, 78) : neckline === "collar" ? 58 : 40;
  if (neckline === "turtleneck") {
    neck = `${start} L ${r1(cx - nw)} ${r1(nb - 20)} L ${r1(cx + nw)} ${r1(nb - 20)}${end}`;
    overlay =
      `<rect x="${r1(cx - nw - 10)} " y="${r1(nb - 52)}" width="${r1(2 * nw + 20)}" height="64" rx="20" fill="${shadeColor(main, -0.06)}"/>` +
      [0, 1, 2]
        .map(
          (i) =>
            `<path d="M ${r1(cx - nw + 2)} ${r1(nb - 34 + i * 16)} Q ${r1(cx)} ${r1(nb - 28 + i * 16)} ${r1(cx + nw - 2)} ${r1(nb - 34 + i * 16)}" fill="none" stroke="${trim}" stroke-width="3" opacity="0.55"/>`,
        )
        .join("");
  } else if (neckline === "vneck" || neckline === "collar") {
    const flare = 16;
    neck = `${start}${sideDown(-1, nb, flare)} L ${r1(cx)} ${r1(nb + depth)} L ${r1(cx + nw + flare)} ${r1(nb - 4)}${rightUp(nb, flare)}${end}`;
    trimPath = `M ${r1(cx - nw - flare)} ${r1(nb - 4)} L ${r1(cx)} ${r1(nb + depth)} L ${r1(cx + nw + flare)} ${r1(nb - 4)}`;
  } else if (neckline === "scoop") {
    const flare = 34;
    neck = `${start}${sideDown(-1, nb, flare)} C ${r1(cx - nw - 22)} ${r1(nb + depth)} ${r1(cx + nw + 22)} ${r1(nb + depth)} ${r1(cx + nw + flare)} ${r1(nb - 4)}${rightUp(nb, flare)}${end}`;
    trimPath = `M ${r1(cx - nw - flare)} ${r1(nb - 4)} C ${r1(cx - nw - 22)} ${r1(nb + depth)} ${r1(cx + nw + 22)} ${r1(nb + depth)} ${r1(cx + nw + flare)} ${r1(nb - 4)}`;
  } else {
    const flare = 16;
    neck = `${start}${sideDown(-1, nb, flare)} Q ${r1(cx)} ${r1(nb + depth + 12)} ${r1(cx + nw + flare)} ${r1(nb - 4)}${rightUp(nb, flare)}${end}`;
    trimPath = `M ${r1(cx - nw - flare)} ${r1(nb - 4)} Q ${r1(cx)} ${r1(nb + depth + 12)} ${r1(cx + nw + flare)} ${r1(nb - 4)}`;
  }
  out.push(`<path d="${neck}" fill="${skin}"/>`);
  out.push(`<path d="${neck}" fill="url(#neckShade)" opacity="0.55"/>`);
  if (neckline === "scoop" || (neckline === "vneck" && depth > 70)) {
    for (const s of [-1, 1]) {
      out.push(
        `<path d="M ${r1(cx + s * 16)} ${r1(nb + 16)} Q ${r1(cx + s * 45)} ${r1(nb + 8)} ${r1(cx + s * (nw + 22))} ${r1(nb + 12)}" fill="none" stroke="${shadeColor(skin, -0.2)}" stroke-width="3" stroke-linecap="round" opacity="0.35"/>`,
      );
    }
  }
  if (trimPath) {
    const trimColor = neckline === "blazer" ? shadeColor(inner, inner === "#222831" ? 0.2 : -0.15) : trim;
    out.push(`<path d="${trimPath}" fill="none" stroke="${trimColor}" stroke-width="8" stroke-linejoin="round" stroke-linecap="round"/>`);
  }
  out.push(overlay);
  if (neckline === "collar") {
    const collarColor = shadeColor(main, 0.06);
    for (const s of [-1, 1]) {
      out.push(
        `<path d="M ${r1(cx + s * (nw + 4))} ${r1(nb - 30)} L ${r1(cx + s * 4)} ${r1(nb + depth - 2)} L ${r1(cx + s * (nw + 34))} ${r1(nb + 46)} Q ${r1(cx + s * (nw + 30))} ${r1(nb - 4)} ${r1(cx + s * (nw + 4))} ${r1(nb - 30)} Z" fill="${collarColor}" stroke="${trim}" stroke-width="3" stroke-linejoin="round"/>`,
      );
    }
    for (let i = 0; i < 3; i++) out.push(`<circle cx="${r1(cx)}" cy="${r1(nb + depth + 40 + i * 60)}" r="5" fill="${trim}"/>`);
  }
  if (neckline === "blazer") {
    const lapel = shadeColor(main, -0.12);
    for (const s of [-1, 1]) {
      out.push(
        `<path d="M ${r1(cx + s * (nw + 18))} ${r1(nb - 12)} L ${r1(cx + s * 6)} ${r1(nb + 250)} L ${r1(cx + s * 50)} ${r1(nb + 150)} L ${r1(cx + s * (nw + 70))} ${r1(nb + 70)} Z" fill="${lapel}" stroke="${shadeColor(main, -0.3)}" stroke-width="3" stroke-linejoin="round"/>`,
      );
    }
  }
  if (neckline === "hoodie") {
    for (const s of [-1, 1]) {
      out.push(
        `<path d="M ${r1(cx + s * 26)} ${r1(nb + 36)} q ${s * 4} 50 ${s * -2} 90" fill="none" stroke="${shadeColor(main, 0.6)}" stroke-width="5" stroke-linecap="round"/><rect x="${r1(cx + s * 24 - 4)}" y="${r1(nb + 124)}" width="8" height="18" rx="3" fill="${shadeColor(main, 0.7)}"/>`,
      );
    }
  }
  if (female && neckline !== "turtleneck" && neckline !== "collar" && pick.chance(0.35)) {
    const metal = pick.pick(METALS);
    out.push(
      `<path d="M ${r1(cx - nw - 2)} ${r1(nb - 12)} Q ${r1(cx)} ${r1(nb + 48)} ${r1(cx + nw + 2)} ${r1(nb - 12)}" fill="none" stroke="${metal}" stroke-width="2.2"/>` +
        `<circle cx="${r1(cx)}" cy="${r1(nb + 22)}" r="6" fill="${pick.pick([metal, "#ef476f", "#118ab2", "#f7f4ef"])}" stroke="${metal}" stroke-width="2"/>`,
    );
  }
  return out.join("");
}

function ears(g: AvatarGeometry, skin: string, skinDark: string, female: boolean, pick: SeededPicker): string {
  let out = "";
  const earrings = female ? pick.chance(0.6) : pick.chance(0.08);
  const kind = pick.pick(["stud", "hoop", "drop"] as const);
  const metal = pick.pick(METALS);
  const gem = pick.pick(["#f7f4ef", "#ef476f", "#118ab2", "#06d6a0", metal]);
  for (const s of [-1, 1]) {
    const x = g.cx + s * (g.rx - 3);
    out += `<ellipse cx="${r1(x)}" cy="${r1(g.earY)}" rx="16" ry="28" fill="${skin}"/>`;
    out += `<path d="M ${r1(x + s * 6)} ${r1(g.earY - 16)} q ${s * 8} 14 ${s * -2} 30" fill="none" stroke="${skinDark}" stroke-width="3.5" stroke-linecap="round"/>`;
    if (!earrings || (!female && s === 1)) continue;
    const ex = x + s * 3;
    const ey = g.earY + 25;
    if (!female || kind === "stud") out += `<circle cx="${r1(ex)}" cy="${r1(ey)}" r="5" fill="${gem}" stroke="${metal}" stroke-width="1.5"/>`;
    else if (kind === "hoop") out += `<circle cx="${r1(ex)}" cy="${r1(ey + 12)}" r="13" fill="none" stroke="${metal}" stroke-width="3.2"/>`;
    else
      out += `<path d="M ${r1(ex)} ${r1(ey - 2)} v 14" stroke="${metal}" stroke-width="2"/><path d="M ${r1(ex)} ${r1(ey + 10)} q 8 12 0 20 q -8 -8 0 -20 z" fill="${gem}" stroke="${metal}" stroke-width="1.5"/>`;
  }
  return out;
}

function eyes(g: AvatarGeometry, iris: string, skin: string, female: boolean, lookX: number, happy: boolean): string {
  const line = "#2a1d17";
  let out = "";
  for (const s of [-1, 1]) {
    const ex = g.cx + s * g.eyeDx;
    const ey = g.eyeY;
    const w = g.eyeW;
    const h = g.eyeH;
    if (happy) {
      out += `<path d="M ${r1(ex - w)} ${r1(ey + 3)} Q ${r1(ex)} ${r1(ey - h * 1.4)} ${r1(ex + w)} ${r1(ey + 3)}" fill="none" stroke="${line}" stroke-width="4.5" stroke-linecap="round"/>`;
      if (female) out += `<path d="M ${r1(ex + s * w)} ${r1(ey + 2)} l ${s * 8} -5" stroke="${line}" stroke-width="3" stroke-linecap="round"/>`;
      continue;
    }
    const almond = `M ${r1(ex - w)} ${r1(ey)} C ${r1(ex - w * 0.5)} ${r1(ey - h * 1.3)} ${r1(ex + w * 0.5)} ${r1(ey - h * 1.3)} ${r1(ex + w)} ${r1(ey)} C ${r1(ex + w * 0.5)} ${r1(ey + h * 1.05)} ${r1(ex - w * 0.5)} ${r1(ey + h * 1.05)} ${r1(ex - w)} ${r1(ey)} Z`;
    const id = s < 0 ? "eyeL" : "eyeR";
    const ix = ex + lookX;
    const ir = h * 1.02;
    out +=
      `<clipPath id="${id}"><path d="${almond}"/></clipPath>` +
      `<path d="${almond}" fill="#fbf7f2"/>` +
      `<g clip-path="url(#${id})"><circle cx="${r1(ix)}" cy="${r1(ey + 1)}" r="${r1(ir)}" fill="${iris}" stroke="${shadeColor(iris, -0.35)}" stroke-width="1.6"/>` +
      `<circle cx="${r1(ix)}" cy="${r1(ey + 1)}" r="${r1(ir * 0.48)}" fill="#16100d"/>` +
      `<circle cx="${r1(ix + ir * 0.38)}" cy="${r1(ey - ir * 0.35)}" r="${r1(ir * 0.27)}" fill="#ffffff"/>` +
      `<path d="M ${r1(ex - w)} ${r1(ey - h * 0.9)} h ${r1(2 * w)} v ${r1(h * 0.5)} h ${r1(-2 * w)} z" fill="${shadeColor(skin, -0.3)}" opacity="0.25"/></g>`;
    const lid = `M ${r1(ex - w - 1)} ${r1(ey + 1)} C ${r1(ex - w * 0.5)} ${r1(ey - h * 1.32)} ${r1(ex + w * 0.5)} ${r1(ey - h * 1.32)} ${r1(ex + w + 1)} ${r1(ey)}`;
    out += `<path d="${lid}" fill="none" stroke="${line}" stroke-width="${female ? 4 : 3.2}" stroke-linecap="round"/>`;
    out += `<path d="M ${r1(ex - w * 0.6)} ${r1(ey - h * 1.45)} Q ${r1(ex)} ${r1(ey - h * 1.85)} ${r1(ex + w * 0.7)} ${r1(ey - h * 1.4)}" fill="none" stroke="${shadeColor(skin, -0.25)}" stroke-width="2" stroke-linecap="round" opacity="0.5"/>`;
    if (female) {
      const ox = ex + s * w;
      out += `<path d="M ${r1(ox - s * 2)} ${r1(ey - 2)} l ${s * 9} -6 M ${r1(ox - s * 7)} ${r1(ey - h * 0.6)} l ${s * 7} -8" stroke="${line}" stroke-width="2.6" stroke-linecap="round"/>`;
    }
  }
  return out;
}

function brows(g: AvatarGeometry, color: string, female: boolean, pick: SeededPicker): string {
  const t = female ? pick.range(4.5, 6.5) : pick.range(6.5, 9.5);
  const arch = pick.range(4, 9);
  const tiltIn = pick.range(-2, 3);
  let out = "";
  for (const s of [-1, 1]) {
    const ex = g.cx + s * g.eyeDx;
    const ix = ex - s * g.eyeW * 0.95;
    const iy = g.browY + 4 + tiltIn;
    const px = ex + s * g.eyeW * 0.15;
    const py = g.browY - arch;
    const ox = ex + s * g.eyeW * 1.2;
    const oy = g.browY + 3;
    out += `<path d="M ${r1(ix)} ${r1(iy - t * 0.5)} Q ${r1(px)} ${r1(py - t * 0.7)} ${r1(ox)} ${r1(oy)} Q ${r1(px)} ${r1(py + t * 0.6)} ${r1(ix)} ${r1(iy + t * 0.5)} Z" fill="${color}" stroke="${color}" stroke-width="2" stroke-linejoin="round"/>`;
  }
  return out;
}

function nose(g: AvatarGeometry, skin: string, pick: SeededPicker): string {
  const c = shadeColor(skin, -0.3);
  const { cx, noseY: y } = g;
  const w = pick.range(11, 16);
  const kind = pick.int(0, 2);
  const base = `<ellipse cx="${r1(cx)}" cy="${r1(y - 8)}" rx="${r1(w * 0.8)}" ry="9" fill="${shadeColor(skin, 0.25)}" opacity="0.35"/>`;
  if (kind === 0) {
    return (
      base +
      `<path d="M ${r1(cx - w)} ${r1(y - 4)} Q ${r1(cx - w * 0.9)} ${r1(y + 4)} ${r1(cx - w * 0.4)} ${r1(y + 2)} Q ${r1(cx)} ${r1(y + 8)} ${r1(cx + w * 0.4)} ${r1(y + 2)} Q ${r1(cx + w * 0.9)} ${r1(y + 4)} ${r1(cx + w)} ${r1(y - 4)}" fill="none" stroke="${c}" stroke-width="3" stroke-linecap="round" opacity="0.7"/>`
    );
  }
  if (kind === 1) {
    return (
      base +
      `<path d="M ${r1(cx + 4)} ${r1(y - 48)} Q ${r1(cx + w)} ${r1(y - 14)} ${r1(cx + w * 0.6)} ${r1(y + 2)} Q ${r1(cx)} ${r1(y + 7)} ${r1(cx - w * 0.6)} ${r1(y + 1)}" fill="none" stroke="${c}" stroke-width="3" stroke-linecap="round" opacity="0.6"/>`
    );
  }
  return (
    `<ellipse cx="${r1(cx)}" cy="${r1(y - 2)}" rx="${r1(w * 0.9)}" ry="8" fill="${c}" opacity="0.16"/>` +
    base +
    `<path d="M ${r1(cx - w * 0.55)} ${r1(y + 1)} Q ${r1(cx)} ${r1(y + 7)} ${r1(cx + w * 0.55)} ${r1(y + 1)}" fill="none" stroke="${c}" stroke-width="3" stroke-linecap="round" opacity="0.55"/>`
  );
}

function mouth(g: AvatarGeometry, skin: string, female: boolean, open: boolean, pick: SeededPicker): string {
  const { cx, mouthY: y, mouthW: w } = g;
  const lip = female
    ? mixColor(skin, pick.pick(["#c4505f", "#b84a5a", "#d9737a", "#a8505a", "#e07a7a", "#9e3b4b"]), pick.range(0.55, 0.85))
    : mixColor(skin, "#b0585a", 0.35);
  const dark = "#5a2426";
  if (open) {
    const h = pick.range(20, 28);
    const shape = `M ${r1(cx - w)} ${r1(y - 3)} Q ${r1(cx)} ${r1(y + 4)} ${r1(cx + w)} ${r1(y - 3)} Q ${r1(cx + w * 0.75)} ${r1(y + h)} ${r1(cx)} ${r1(y + h)} Q ${r1(cx - w * 0.75)} ${r1(y + h)} ${r1(cx - w)} ${r1(y - 3)} Z`;
    return (
      `<clipPath id="mouthClip"><path d="${shape}"/></clipPath>` +
      `<path d="${shape}" fill="${dark}"/>` +
      `<g clip-path="url(#mouthClip)"><rect x="${r1(cx - w)}" y="${r1(y - 6)}" width="${r1(2 * w)}" height="${r1(h * 0.42 + 4)}" fill="#ffffff"/>` +
      `<ellipse cx="${r1(cx)}" cy="${r1(y + h)}" rx="${r1(w * 0.55)}" ry="${r1(h * 0.4)}" fill="#e0787a"/></g>` +
      `<path d="${shape}" fill="none" stroke="${lip}" stroke-width="${female ? 5 : 3}" stroke-linejoin="round"/>` +
      `<path d="M ${r1(cx - w - 3)} ${r1(y - 6)} q 3 3 4 7 M ${r1(cx + w + 3)} ${r1(y - 6)} q -3 3 -4 7" fill="none" stroke="${shadeColor(skin, -0.3)}" stroke-width="2.5" stroke-linecap="round" opacity="0.5"/>`
    );
  }
  const cy = y + 2;
  const upper = `M ${r1(cx - w)} ${r1(cy - 4)} Q ${r1(cx - w * 0.45)} ${r1(cy - 8)} ${r1(cx)} ${r1(cy - 4)} Q ${r1(cx + w * 0.45)} ${r1(cy - 8)} ${r1(cx + w)} ${r1(cy - 4)} Q ${r1(cx)} ${r1(cy + 8)} ${r1(cx - w)} ${r1(cy - 4)} Z`;
  const lower = `M ${r1(cx - w * 0.92)} ${r1(cy - 1)} Q ${r1(cx)} ${r1(cy + 8)} ${r1(cx + w * 0.92)} ${r1(cy - 1)} Q ${r1(cx)} ${r1(cy + 20)} ${r1(cx - w * 0.92)} ${r1(cy - 1)} Z`;
  return (
    (female ? `<path d="${upper}" fill="${lip}"/><path d="${lower}" fill="${shadeColor(lip, 0.1)}"/>` : `<path d="${lower}" fill="${lip}" opacity="0.7"/>`) +
    `<path d="M ${r1(cx - w)} ${r1(cy - 5)} Q ${r1(cx)} ${r1(cy + 9)} ${r1(cx + w)} ${r1(cy - 5)}" fill="none" stroke="${dark}" stroke-width="3.2" stroke-linecap="round"/>` +
    `<path d="M ${r1(cx - w - 2)} ${r1(cy - 9)} q -2 4 1 8 M ${r1(cx + w + 2)} ${r1(cy - 9)} q 2 4 -1 8" fill="none" stroke="${shadeColor(skin, -0.3)}" stroke-width="2.5" stroke-linecap="round" opacity="0.5"/>` +
    `<ellipse cx="${r1(cx)}" cy="${r1(cy + 15)}" rx="${r1(w * 0.35)}" ry="3" fill="${shadeColor(skin, 0.3)}" opacity="0.35"/>`
  );
}

function ageLines(g: AvatarGeometry, age: number, skin: string): string {
  const o = r1(Math.min(0.55, 0.2 + (age - 45) / 40) * 100) / 100;
  const c = shadeColor(skin, -0.35);
  const p = (d: string, w = 2.4): string => `<path d="${d}" fill="none" stroke="${c}" stroke-width="${w}" stroke-linecap="round" opacity="${o}"/>`;
  let out = "";
  for (const s of [-1, 1]) {
    const ox = g.cx + s * (g.eyeDx + g.eyeW + 6);
    out += p(`M ${r1(ox)} ${r1(g.eyeY - 6)} l ${s * 10} -5 M ${r1(ox + s * 2)} ${r1(g.eyeY + 2)} l ${s * 11} 1`);
    out += p(
      `M ${r1(g.cx + s * 24)} ${r1(g.noseY - 6)} Q ${r1(g.cx + s * (g.mouthW + 12))} ${r1(g.mouthY - 18)} ${r1(g.cx + s * (g.mouthW + 8))} ${r1(g.mouthY + 12)}`,
      2.8,
    );
    out += p(`M ${r1(g.cx + s * (g.eyeDx - g.eyeW * 0.6))} ${r1(g.eyeY + g.eyeH + 8)} q ${s * 12} 5 ${s * 24} 0`, 2);
  }
  out += p(`M ${r1(g.cx - 40)} ${r1(g.cy - g.ry * 0.42)} q 40 -8 80 0`, 2.2);
  if (age > 58) out += p(`M ${r1(g.cx - 30)} ${r1(g.cy - g.ry * 0.5)} q 30 -6 60 0`, 2);
  return out;
}

function beardSvg(g: AvatarGeometry, kind: "stubble" | "short" | "full" | "goatee", color: string, skin: string): string {
  const scale = kind === "full" ? 1.1 : kind === "short" ? 1.04 : 1;
  const t = `translate(${r1(g.cx)} ${r1(g.cy)}) scale(${scale}) translate(${r1(-g.cx)} ${r1(-g.cy)})`;
  const region =
    kind === "goatee"
      ? `M ${g.at(-0.45, 0.56)} C ${g.at(-0.3, 0.46)} ${g.at(0.3, 0.46)} ${g.at(0.45, 0.56)} C ${g.at(0.5, 0.8)} ${g.at(0.36, 1.0)} ${g.at(0.3, 1.1)} L ${g.at(-0.3, 1.1)} C ${g.at(-0.36, 1.0)} ${g.at(-0.5, 0.8)} ${g.at(-0.45, 0.56)} Z`
      : `M ${g.at(-1.1, 0.02)} L ${g.at(-0.98, 0.02)} C ${g.at(-0.95, 0.4)} ${g.at(-0.72, 0.6)} ${g.at(-0.5, 0.62)}` +
        ` C ${g.at(-0.4, 0.62)} ${g.at(-0.36, 0.49)} ${g.at(-0.2, 0.48)} Q ${g.at(0, 0.45)} ${g.at(0.2, 0.48)}` +
        ` C ${g.at(0.36, 0.49)} ${g.at(0.4, 0.62)} ${g.at(0.5, 0.62)} C ${g.at(0.72, 0.6)} ${g.at(0.95, 0.4)} ${g.at(0.98, 0.02)}` +
        ` L ${g.at(1.1, 0.02)} L ${g.at(1.1, 1.3)} L ${g.at(-1.1, 1.3)} Z`;
  const stubble = kind === "stubble";
  return (
    `<clipPath id="beardClip"><path d="${g.face}" transform="${t}"/></clipPath>` +
    `<g clip-path="url(#beardClip)"><path d="${region}" fill="${stubble ? mixColor(skin, mixColor(color, "#2a2420", 0.55), 0.32) : color}"/></g>`
  );
}

function glassesSvg(g: AvatarGeometry, female: boolean, pick: SeededPicker): string {
  const frame = pick.pick(["#1d1d1f", "#1d1d1f", "#6b3e26", "#c9a227", "#8a8f99", "#b33a3a", "#2b4c7e"]);
  const kind = pick.pick(female ? (["round", "rect", "cat"] as const) : (["round", "rect", "rect"] as const));
  const width = frame === "#c9a227" || frame === "#8a8f99" ? 3 : 5;
  let out = "";
  const hw = g.eyeW + 11;
  const hh = g.eyeH + 11;
  for (const s of [-1, 1]) {
    const ex = g.cx + s * g.eyeDx;
    const ey = g.eyeY;
    const common = `fill="#ffffff" fill-opacity="0.14" stroke="${frame}" stroke-width="${width}"`;
    if (kind === "round") out += `<circle cx="${r1(ex)}" cy="${r1(ey)}" r="${r1(hw - 1)}" ${common}/>`;
    else if (kind === "rect") out += `<rect x="${r1(ex - hw)}" y="${r1(ey - hh)}" width="${r1(2 * hw)}" height="${r1(2 * hh - 2)}" rx="10" ${common}/>`;
    else {
      const o = s;
      out += `<path d="M ${r1(ex - o * hw)} ${r1(ey - hh * 0.7)} Q ${r1(ex)} ${r1(ey - hh * 1.1)} ${r1(ex + o * (hw + 6))} ${r1(ey - hh * 1.05)} Q ${r1(ex + o * hw)} ${r1(ey + hh)} ${r1(ex)} ${r1(ey + hh * 0.9)} Q ${r1(ex - o * hw)} ${r1(ey + hh * 0.8)} ${r1(ex - o * hw)} ${r1(ey - hh * 0.7)} Z" ${common}/>`;
    }
    out += `<path d="M ${r1(ex + s * hw)} ${r1(ey - 4)} L ${r1(g.cx + s * g.rx * 0.99)} ${r1(ey - 8)}" stroke="${frame}" stroke-width="${width}" stroke-linecap="round"/>`;
  }
  out += `<path d="M ${r1(g.cx - g.eyeDx + hw)} ${r1(g.eyeY - 4)} Q ${r1(g.cx)} ${r1(g.eyeY - 14)} ${r1(g.cx + g.eyeDx - hw)} ${r1(g.eyeY - 4)}" fill="none" stroke="${frame}" stroke-width="${width}"/>`;
  return out;
}

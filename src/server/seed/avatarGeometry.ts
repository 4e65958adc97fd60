import type { SeededPicker } from "./seededPicker";

/** Canvas size of the avatar portraits. */
export const AVATAR_WIDTH = 720;
export const AVATAR_HEIGHT = 900;

/** Where the parts of the face and body sit; "unit" coordinates are relative to the head centre and radii. */
export interface AvatarGeometry {
  cx: number;
  cy: number;
  /** Half width and half height of the head. */
  rx: number;
  ry: number;
  /** Jaw squareness (0.55 pointy .. 0.95 square) and chin half width, both in units of rx. */
  jaw: number;
  chin: number;
  eyeY: number;
  eyeDx: number;
  eyeW: number;
  eyeH: number;
  browY: number;
  noseY: number;
  mouthY: number;
  mouthW: number;
  earY: number;
  neckW: number;
  neckBaseY: number;
  shoulderW: number;
  /** SVG path of the face outline. */
  face: string;
  /** "x y" of a point given in unit coordinates. */
  at: (ux: number, uy: number) => string;
}

/** Rounds to one decimal so that the SVG stays small. */
export function r1(value: number): number {
  return Math.round(value * 10) / 10;
}

export function avatarGeometry(pick: SeededPicker, gender: "male" | "female"): AvatarGeometry {
  const female = gender === "female";
  const cx = 360 + pick.range(-14, 14);
  const cy = 372 + pick.range(-10, 10);
  const rx = female ? pick.range(110, 122) : pick.range(116, 130);
  const ry = female ? pick.range(140, 150) : pick.range(144, 156);
  const jaw = female ? pick.range(0.55, 0.8) : pick.range(0.7, 0.97);
  const chin = female ? pick.range(0.22, 0.32) : pick.range(0.28, 0.42);
  const at = (ux: number, uy: number): string => `${r1(cx + ux * rx)} ${r1(cy + uy * ry)}`;
  const face = [
    `M ${at(0, -1)}`,
    `C ${at(0.6, -1)} ${at(1, -0.55)} ${at(1, -0.08)}`,
    `C ${at(1, 0.36)} ${at(jaw, 0.8)} ${at(chin, 0.96)}`,
    `Q ${at(0, 1.04)} ${at(-chin, 0.96)}`,
    `C ${at(-jaw, 0.8)} ${at(-1, 0.36)} ${at(-1, -0.08)}`,
    `C ${at(-1, -0.55)} ${at(-0.6, -1)} ${at(0, -1)} Z`,
  ].join(" ");
  const neckBaseY = cy + ry + pick.range(52, 64);
  return {
    cx,
    cy,
    rx,
    ry,
    jaw,
    chin,
    eyeY: cy + ry * pick.range(0.03, 0.09),
    eyeDx: rx * pick.range(0.4, 0.46),
    eyeW: female ? pick.range(19, 22) : pick.range(17, 20),
    eyeH: female ? pick.range(10.5, 12.5) : pick.range(9, 11),
    browY: cy - ry * pick.range(0.17, 0.22),
    noseY: cy + ry * pick.range(0.36, 0.42),
    mouthY: cy + ry * pick.range(0.6, 0.66),
    mouthW: female ? pick.range(26, 32) : pick.range(27, 34),
    earY: cy + ry * 0.1,
    neckW: rx * (female ? pick.range(0.4, 0.46) : pick.range(0.5, 0.58)),
    neckBaseY,
    shoulderW: female ? pick.range(200, 222) : pick.range(232, 256),
    face,
    at,
  };
}

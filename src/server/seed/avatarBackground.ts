import { AVATAR_HEIGHT as H, AVATAR_WIDTH as W, r1 } from "./avatarGeometry";
import { mixColor, shadeColor } from "./mixColor";
import type { SeededPicker } from "./seededPicker";

/** SVG of a soft, pleasant backdrop filling the whole canvas. */
export function avatarBackground(pick: SeededPicker): string {
  const kind = pick.weighted(["bokeh", "sunset", "sky", "room", "night", "park", "beach", "studio"] as const, [5, 3, 3, 3, 2, 3, 2, 3]);
  switch (kind) {
    case "bokeh":
      return bokeh(pick, pick.pick(PASTEL_PAIRS), "#ffffff", 16);
    case "night":
      return bokehNight(pick);
    case "park":
      return bokeh(pick, pick.pick(GREEN_PAIRS), "#fff6c8", 18);
    case "sunset":
      return sunset(pick);
    case "sky":
      return sky(pick);
    case "room":
      return room(pick);
    case "beach":
      return beach(pick);
    case "studio":
      return studio(pick);
  }
}

const PASTEL_PAIRS: readonly (readonly [string, string])[] = [
  ["#ffd6e0", "#c3b8ff"],
  ["#ffe5b4", "#ff9fb2"],
  ["#b8e1ff", "#e3d5ff"],
  ["#c1f0e0", "#9ad0f5"],
  ["#fff1c1", "#f7b4a7"],
  ["#d7f2ba", "#8fd3c7"],
  ["#f9c5d1", "#fbe3a8"],
  ["#a8c7fa", "#f6c6ea"],
  ["#e0c3fc", "#8ec5fc"],
  ["#fbc2eb", "#a6c1ee"],
];

const GREEN_PAIRS: readonly (readonly [string, string])[] = [
  ["#cfe8a9", "#5f9e6e"],
  ["#e6f0b8", "#7bb36b"],
  ["#b9dfa8", "#4e8a6a"],
];

function linear(id: string, stops: readonly string[], vertical = true): string {
  const coords = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  const parts = stops.map((c, i) => `<stop offset="${r1(i / Math.max(1, stops.length - 1))}" stop-color="${c}"/>`);
  return `<linearGradient id="${id}" ${coords}>${parts.join("")}</linearGradient>`;
}

function glow(id: string, color: string, opacity: number): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

function circles(pick: SeededPicker, count: number, colors: readonly string[], minR: number, maxR: number, minO: number, maxO: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const r = pick.range(minR, maxR);
    out += `<circle cx="${r1(pick.range(-40, W + 40))}" cy="${r1(pick.range(-40, H * 0.85))}" r="${r1(r)}" fill="${pick.pick(colors)}" opacity="${r1(pick.range(minO, maxO) * 100) / 100}"/>`;
  }
  return out;
}

function bokeh(pick: SeededPicker, pair: readonly [string, string], light: string, count: number): string {
  const flip = pick.chance(0.5);
  const [a, b] = flip ? [pair[1], pair[0]] : pair;
  return (
    `<defs>${linear("bg", [a, mixColor(a, b, 0.5), b], false)}</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    circles(pick, count, [light, shadeColor(a, 0.5), shadeColor(b, 0.4)], 18, 95, 0.12, 0.38)
  );
}

function bokehNight(pick: SeededPicker): string {
  const top = pick.pick(["#1b1f3b", "#24193d", "#0f2a44"]);
  const bottom = pick.pick(["#4a2a5e", "#3a3f7a", "#5b2c4f"]);
  const lights = ["#ffcf6e", "#ff9f68", "#ff7eb6", "#ffe9a8", "#7ad7ff"];
  return `<defs>${linear("bg", [top, bottom])}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>${circles(pick, 22, lights, 12, 70, 0.15, 0.5)}`;
}

function sunset(pick: SeededPicker): string {
  const palette = pick.pick([
    ["#3b3f7a", "#b05a8c", "#f28c6a", "#ffd38a"],
    ["#2c3e6b", "#7a5ca8", "#f07c8a", "#ffc48a"],
    ["#4b2e6f", "#d0607a", "#f7a26b", "#ffe29a"],
  ] as const);
  const horizon = pick.range(560, 640);
  const sunX = pick.range(110, 610);
  const sea = pick.chance(0.5);
  const ground = sea
    ? `<rect y="${r1(horizon)}" width="${W}" height="${r1(H - horizon)}" fill="url(#sea)"/>` +
      [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<rect x="${r1(sunX - 70 + i * 9)}" y="${r1(horizon + 14 + i * 22)}" width="${r1(140 - i * 18)}" height="5" rx="2.5" fill="#ffe3a3" opacity="0.55"/>`,
        )
        .join("")
    : `<path d="M0 ${r1(horizon)} Q ${r1(W * 0.25)} ${r1(horizon - 60)} ${r1(W * 0.5)} ${r1(horizon - 10)} T ${W} ${r1(horizon - 30)} V ${H} H 0 Z" fill="${shadeColor(palette[0], -0.2)}" opacity="0.85"/>` +
      `<path d="M0 ${r1(horizon + 40)} Q ${r1(W * 0.3)} ${r1(horizon)} ${r1(W * 0.6)} ${r1(horizon + 30)} T ${W} ${r1(horizon + 20)} V ${H} H 0 Z" fill="${shadeColor(palette[0], -0.35)}"/>`;
  return (
    `<defs>${linear("bg", palette)}${linear("sea", [shadeColor(palette[1], -0.25), shadeColor(palette[0], -0.3)])}${glow("sun", "#fff4c9", 0.9)}</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    `<circle cx="${r1(sunX)}" cy="${r1(horizon - 30)}" r="190" fill="url(#sun)"/>` +
    `<circle cx="${r1(sunX)}" cy="${r1(horizon - 30)}" r="62" fill="#fff1c4"/>` +
    ground
  );
}

function cloud(x: number, y: number, s: number): string {
  return (
    `<g fill="#ffffff" opacity="0.92">` +
    `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(70 * s)}" ry="${r1(26 * s)}"/>` +
    `<circle cx="${r1(x - 28 * s)}" cy="${r1(y - 14 * s)}" r="${r1(28 * s)}"/>` +
    `<circle cx="${r1(x + 14 * s)}" cy="${r1(y - 24 * s)}" r="${r1(36 * s)}"/></g>`
  );
}

function sky(pick: SeededPicker): string {
  const top = pick.pick(["#5aa9e6", "#6ec3f4", "#4f9ddf", "#7fb8f0"]);
  let clouds = "";
  const count = pick.int(3, 5);
  for (let i = 0; i < count; i++) clouds += cloud(pick.range(-20, W + 20), pick.range(60, 620), pick.range(0.7, 1.5));
  return `<defs>${linear("bg", [top, "#cfeaff", "#f4fbff"])}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>${clouds}`;
}

function beach(pick: SeededPicker): string {
  const horizon = pick.range(560, 610);
  const sea = pick.pick(["#2f8fb5", "#3aa0c0", "#2b7fa8"]);
  return (
    `<defs>${linear("bg", ["#74c0f0", "#d8f0ff"])}${linear("sea", [sea, shadeColor(sea, 0.35)])}</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    cloud(pick.range(60, 200), pick.range(90, 250), 0.9) +
    cloud(pick.range(480, 680), pick.range(140, 330), 1.1) +
    `<rect y="${r1(horizon)}" width="${W}" height="${r1(H - horizon)}" fill="url(#sea)"/>` +
    `<path d="M0 ${r1(horizon + 130)} Q ${r1(W * 0.3)} ${r1(horizon + 95)} ${r1(W * 0.55)} ${r1(horizon + 120)} T ${W} ${r1(horizon + 110)} V ${H} H 0 Z" fill="#f1d9a8"/>` +
    `<path d="M0 ${r1(horizon + 126)} Q ${r1(W * 0.3)} ${r1(horizon + 91)} ${r1(W * 0.55)} ${r1(horizon + 116)} T ${W} ${r1(horizon + 106)}" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.7"/>`
  );
}

function plant(x: number, y: number, pick: SeededPicker): string {
  const leaf = pick.pick(["#4f8a5b", "#5e9c66", "#3f7a52"]);
  const pot = pick.pick(["#c9704f", "#e3d6c6", "#3c3c44", "#d9a441"]);
  let leaves = "";
  for (let i = 0; i < 9; i++) {
    const angle = -80 + i * 20 + pick.range(-6, 6);
    const len = pick.range(70, 120);
    leaves += `<ellipse cx="${r1(x)}" cy="${r1(y - len / 2)}" rx="${r1(len / 5)}" ry="${r1(len / 2)}" fill="${i % 2 ? leaf : shadeColor(leaf, 0.15)}" transform="rotate(${r1(angle)} ${r1(x)} ${r1(y)})"/>`;
  }
  return `${leaves}<path d="M${r1(x - 48)} ${r1(y)} h96 l-12 90 h-72 z" fill="${pot}"/>`;
}

function room(pick: SeededPicker): string {
  const wall = pick.pick(["#e9dccb", "#d9e4d2", "#f1d6d0", "#d6e0ea", "#efe6d2", "#e2d6ea", "#c9d9d4"]);
  const art = pick.pick(["#f4a261", "#2a9d8f", "#e76f51", "#457b9d", "#e9c46a", "#b5838d"]);
  const frameX = pick.chance(0.5) ? pick.range(20, 90) : pick.range(500, 580);
  const plantX = frameX < 300 ? pick.range(600, 680) : pick.range(40, 120);
  return (
    `<defs>${glow("lamp", "#fff3d6", 0.85)}</defs>` +
    `<rect width="${W}" height="${H}" fill="${wall}"/>` +
    `<circle cx="${r1(pick.range(200, 520))}" cy="${r1(pick.range(150, 350))}" r="420" fill="url(#lamp)"/>` +
    `<rect x="${r1(frameX)}" y="120" width="150" height="190" rx="4" fill="#fbf8f2" stroke="${shadeColor(wall, -0.45)}" stroke-width="10"/>` +
    `<circle cx="${r1(frameX + 75)}" cy="190" r="38" fill="${art}" opacity="0.85"/>` +
    `<path d="M${r1(frameX + 14)} 296 l45 -60 l30 36 l22 -24 l25 48 z" fill="${shadeColor(art, -0.35)}" opacity="0.8"/>` +
    `<rect y="${H - 170}" width="${W}" height="170" fill="${shadeColor(wall, -0.12)}"/>` +
    plant(plantX, H - 230, pick)
  );
}

function studio(pick: SeededPicker): string {
  const base = pick.pick(["#f3c4c4", "#c4d7f3", "#d0f0d8", "#f6e2b3", "#e1cff5", "#b9e3e8", "#f5cfe4"]);
  return (
    `<defs><radialGradient id="bg" cx="0.5" cy="0.38" r="0.75"><stop offset="0" stop-color="${shadeColor(base, 0.55)}"/><stop offset="1" stop-color="${shadeColor(base, -0.12)}"/></radialGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    circles(pick, 5, ["#ffffff"], 40, 110, 0.08, 0.18)
  );
}

import { type AvatarGeometry, r1 } from "./avatarGeometry";
import { mixColor, shadeColor } from "./mixColor";
import type { SeededPicker } from "./seededPicker";

export const FEMALE_HAIR_STYLES = ["long", "wavy", "bob", "ponytail", "bun", "curly", "pixie"] as const;
export const MALE_HAIR_STYLES = ["short", "buzz", "sidePart", "quiff", "curlyShort", "medium", "manBun"] as const;
export type HairStyle = (typeof FEMALE_HAIR_STYLES)[number] | (typeof MALE_HAIR_STYLES)[number] | "baldSides" | "none";

/** SVG fragments of the hair: `back` goes behind the body and head, `front` over the face. */
export interface HairLayers {
  back: string;
  /** Drawn over the body but under the head (e.g. a ponytail over the shoulder). */
  mid: string;
  front: string;
  /** Path data of the front hair, used to cast a soft shadow on the forehead. */
  shadow: string;
}

type Seg = readonly [number, number, number, number, number, number];

/** A closed shape symmetric around the head's centre line from its right half (start and end on the centre line). */
function sym(g: AvatarGeometry, start: readonly [number, number], segs: readonly Seg[]): string {
  let d = `M ${g.at(start[0], start[1])}`;
  for (const s of segs) d += ` C ${g.at(s[0], s[1])} ${g.at(s[2], s[3])} ${g.at(s[4], s[5])}`;
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i];
    const prev = i > 0 ? [segs[i - 1][4], segs[i - 1][5]] : start;
    d += ` C ${g.at(-s[2], s[3])} ${g.at(-s[0], s[1])} ${g.at(-prev[0], prev[1])}`;
  }
  return `${d} Z`;
}

/** A path from unit-coordinate commands; `dir` mirrors x. Each command is a letter followed by point pairs. */
function unitPath(g: AvatarGeometry, dir: number, commands: readonly (readonly [string, ...number[]])[]): string {
  return commands
    .map(([cmd, ...nums]) => {
      const pts: string[] = [];
      for (let i = 0; i + 1 < nums.length; i += 2) pts.push(g.at(nums[i] * dir, nums[i + 1]));
      return `${cmd} ${pts.join(" ")}`;
    })
    .join(" ");
}

const CAP_TIGHT: readonly Seg[] = [
  [0.6, -1.07, 1.06, -0.78, 1.05, -0.2],
  [1.05, 0.0, 1.03, 0.08, 1.0, 0.12],
  [0.96, -0.15, 0.9, -0.4, 0.7, -0.55],
  [0.5, -0.66, 0.25, -0.66, 0, -0.63],
];

const CAP_MALE: readonly Seg[] = [
  [0.56, -1.2, 1.04, -0.95, 1.05, -0.35],
  [1.05, -0.1, 1.03, 0.02, 1.0, 0.08],
  [0.97, -0.1, 0.95, -0.3, 0.9, -0.45],
  [0.8, -0.55, 0.65, -0.6, 0.5, -0.62],
  [0.3, -0.66, 0.15, -0.68, 0, -0.67],
];

function sweep(g: AvatarGeometry, dir: number, low: number): string {
  return unitPath(g, dir, [
    ["M", 0.42, -1.0],
    ["C", 0.12, -0.74, -0.4, -0.55, -0.96, low],
    ["C", -1.04, -0.72, -0.74, -1.14, 0, -1.15],
    ["C", 0.2, -1.15, 0.38, -1.09, 0.42, -1.0],
    ["Z"],
  ]);
}

export function avatarHair(style: HairStyle, g: AvatarGeometry, color: string, skin: string, pick: SeededPicker): HairLayers {
  const dark = shadeColor(color, -0.2);
  const back = shadeColor(color, -0.14);
  const light = shadeColor(color, 0.28);
  const dir = pick.chance(0.5) ? 1 : -1;
  const fill = (d: string, c = color): string => `<path d="${d}" fill="${c}"/>`;
  const strokes = (paths: readonly string[], c: string, width: number, opacity: number): string =>
    paths.map((d) => `<path d="${d}" fill="none" stroke="${c}" stroke-width="${width}" stroke-linecap="round" opacity="${opacity}"/>`).join("");
  const clipped = (id: string, shape: string, inner: string): string =>
    `<clipPath id="${id}"><path d="${shape}"/></clipPath><g clip-path="url(#${id})">${inner}</g>`;
  const topShine = unitPath(g, dir, [
    ["M", -0.55, -0.9],
    ["Q", -0.1, -1.12, 0.45, -0.98],
  ]);

  switch (style) {
    case "none":
      return { back: "", mid: "", front: "", shadow: "" };

    case "baldSides": {
      const side = (s: number): string =>
        unitPath(g, s, [["M", 1.0, -0.4], ["C", 1.09, -0.3, 1.09, 0.05, 1.02, 0.16], ["C", 0.98, 0.02, 0.98, -0.2, 0.95, -0.32], ["Z"]]);
      return { back: "", mid: "", front: fill(side(1)) + fill(side(-1)), shadow: "" };
    }

    case "long":
    case "wavy": {
      const wavy = style === "wavy";
      const shape = wavy
        ? sym(
            g,
            [0, -1.14],
            [
              [0.62, -1.15, 1.15, -0.82, 1.16, -0.2],
              [1.34, 0.15, 1.08, 0.5, 1.26, 0.85],
              [1.46, 1.2, 1.18, 1.6, 1.4, 2.05],
              [1.3, 2.28, 1.0, 2.22, 0.9, 2.1],
              [0.8, 2.2, 0.64, 2.1, 0.7, 1.95],
              [0.9, 1.45, 0.72, 1.0, 0.95, 0.55],
              [1.05, 0.2, 0.9, 0.0, 0.93, -0.1],
              [0.92, -0.45, 0.3, -0.55, 0, -0.7],
            ],
          )
        : sym(
            g,
            [0, -1.15],
            [
              [0.64, -1.16, 1.16, -0.84, 1.17, -0.2],
              [1.19, 0.4, 1.22, 1.1, 1.36, 2.2],
              [1.2, 2.34, 0.9, 2.3, 0.72, 2.16],
              [0.8, 1.4, 0.98, 0.7, 0.93, 0.0],
              [0.92, -0.4, 0.3, -0.55, 0, -0.7],
            ],
          );
      const side = pick.chance(0.55);
      const sw = side ? sweep(g, dir, -0.2) : "";
      const partLine = side
        ? ""
        : strokes(
            [
              unitPath(g, 1, [
                ["M", 0, -0.72],
                ["Q", 0.02, -0.9, 0, -1.05],
              ]),
            ],
            dark,
            3,
            0.45,
          );
      const strands = [1, -1].flatMap((s) => [
        unitPath(g, s, [
          ["M", 1.06, -0.4],
          ["C", 1.12, 0.4, 1.08, 1.2, 1.2, 2.1],
        ]),
        unitPath(g, s, [
          ["M", 0.94, 0.3],
          ["C", 1.0, 0.9, 0.92, 1.5, 0.94, 2.1],
        ]),
        unitPath(g, s, [
          ["M", 1.12, 0.6],
          ["C", 1.2, 1.1, 1.22, 1.6, 1.3, 2.0],
        ]),
      ]);
      const backShape = unitPath(g, 1, [["M", -1.14, -0.4], ["L", -1.3, 2.1], ["Q", 0, 2.35, 1.3, 2.1], ["L", 1.14, -0.4], ["Z"]]);
      return {
        back: fill(backShape, back),
        mid: "",
        front:
          fill(shape) + (sw ? fill(sw) : "") + clipped("hairClip", shape, strokes(strands, dark, 3, 0.45) + strokes([topShine], light, 9, 0.35)) + partLine,
        shadow: shape + (sw ? ` ${sw}` : ""),
      };
    }

    case "bob": {
      const bangs = pick.chance(0.5);
      const shape = sym(
        g,
        [0, -1.12],
        [
          [0.62, -1.13, 1.15, -0.82, 1.16, -0.2],
          [1.18, 0.3, 1.2, 0.72, 1.18, 0.98],
          [1.1, 1.06, 0.92, 1.04, 0.82, 0.92],
          [0.92, 0.5, 0.98, 0.05, 0.93, -0.25],
          bangs ? [0.9, -0.36, 0.5, -0.35, 0, -0.33] : [0.92, -0.45, 0.55, -0.66, 0, -0.6],
        ],
      );
      const sw = bangs ? "" : sweep(g, dir, -0.22);
      const backShape = unitPath(g, 1, [["M", -1.1, -0.3], ["L", -1.16, 0.98], ["Q", 0, 1.12, 1.16, 0.98], ["L", 1.1, -0.3], ["Z"]]);
      const strands = [1, -1].map((s) =>
        unitPath(g, s, [
          ["M", 1.0, -0.5],
          ["C", 1.08, 0.1, 1.05, 0.6, 1.0, 0.95],
        ]),
      );
      return {
        back: fill(backShape, back),
        mid: "",
        front: fill(shape) + (sw ? fill(sw) : "") + clipped("hairClip", shape, strokes(strands, dark, 3, 0.4) + strokes([topShine], light, 9, 0.35)),
        shadow: shape + (sw ? ` ${sw}` : ""),
      };
    }

    case "pixie": {
      const shape = sym(
        g,
        [0, -1.1],
        [
          [0.6, -1.12, 1.1, -0.82, 1.09, -0.25],
          [1.09, -0.02, 1.07, 0.12, 1.02, 0.18],
          [0.97, 0.0, 0.96, -0.25, 0.88, -0.42],
          [0.7, -0.6, 0.35, -0.6, 0, -0.58],
        ],
      );
      const sw = sweep(g, dir, -0.26);
      return {
        back: "",
        mid: "",
        front: fill(shape) + fill(sw) + clipped("hairClip", shape, strokes([topShine], light, 9, 0.35)),
        shadow: `${shape} ${sw}`,
      };
    }

    case "ponytail":
    case "bun":
    case "manBun": {
      const shape = style === "manBun" ? sym(g, [0, -1.2], CAP_MALE) : sym(g, [0, -1.06], CAP_TIGHT);
      let backPart = "";
      let midPart = "";
      if (style === "ponytail") {
        const tail = unitPath(g, dir, [
          ["M", 0.9, 0.25],
          ["C", 1.3, 0.45, 1.42, 1.3, 1.24, 2.1],
          ["C", 1.18, 2.4, 0.96, 2.42, 0.9, 2.2],
          ["C", 0.94, 1.6, 0.98, 0.95, 0.76, 0.62],
          ["Z"],
        ]);
        const tie = unitPath(g, dir, [
          ["M", 0.86, 0.5],
          ["Q", 1.0, 0.62, 1.16, 0.5],
        ]);
        midPart =
          fill(tail, shadeColor(color, -0.06)) +
          clipped(
            "tailClip",
            tail,
            strokes(
              [
                unitPath(g, dir, [
                  ["M", 1.06, 0.6],
                  ["C", 1.2, 1.1, 1.18, 1.6, 1.08, 2.2],
                ]),
                unitPath(g, dir, [
                  ["M", 0.95, 0.7],
                  ["C", 1.04, 1.2, 1.02, 1.7, 0.98, 2.2],
                ]),
              ],
              dark,
              3,
              0.45,
            ) +
              strokes(
                [
                  unitPath(g, dir, [
                    ["M", 1.15, 0.7],
                    ["C", 1.28, 1.2, 1.26, 1.5, 1.2, 1.9],
                  ]),
                ],
                light,
                7,
                0.3,
              ),
          ) +
          strokes([tie], pick.pick(["#ef476f", "#1f2a44", "#f7f4ef", "#2a9d8f"]), 9, 1);
      } else {
        const small = style === "manBun" ? 0.26 : 0.34;
        const [bx, by] = g
          .at(0, -1.06 - small * 0.55)
          .split(" ")
          .map(Number);
        const r = small * g.rx;
        backPart =
          `<circle cx="${r1(bx)}" cy="${r1(by)}" r="${r1(r)}" fill="${color}"/>` +
          `<path d="M ${r1(bx - r * 0.6)} ${r1(by - r * 0.2)} Q ${r1(bx)} ${r1(by - r * 0.9)} ${r1(bx + r * 0.6)} ${r1(by - r * 0.2)}" fill="none" stroke="${dark}" stroke-width="3" opacity="0.45"/>`;
      }
      const lines = [-0.45, 0, 0.45].map((x) =>
        unitPath(g, 1, [
          ["M", x * 0.6, -0.66],
          ["Q", x, -0.95, x * 0.5, -1.08],
        ]),
      );
      return {
        back: backPart,
        mid: midPart,
        front: fill(shape) + clipped("hairClip", shape, strokes(lines, dark, 3, 0.35) + strokes([topShine], light, 8, 0.35)),
        shadow: shape,
      };
    }

    case "curly":
    case "curlyShort": {
      const big = style === "curly";
      let cloud = "";
      let texture = "";
      if (big) {
        const [ex, ey] = [g.cx, g.cy + 0.18 * g.ry];
        const erx = 1.36 * g.rx;
        const ery = 1.3 * g.ry;
        cloud += `<ellipse cx="${r1(ex)}" cy="${r1(ey)}" rx="${r1(erx)}" ry="${r1(ery)}" fill="${back}"/>`;
        for (let k = 0; k < 26; k++) {
          const t = (2 * Math.PI * k) / 26;
          if (Math.sin(t) > 0.85) continue;
          const x = ex + erx * Math.cos(t) + pick.range(-6, 6);
          const y = ey + ery * Math.sin(t) + pick.range(-6, 6);
          cloud += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(g.rx * pick.range(0.24, 0.32))}" fill="${back}"/>`;
        }
        for (let k = 0; k < 26; k++) {
          const t = pick.range(-Math.PI, 0.35 * Math.PI);
          const rr = pick.range(0.55, 1.05);
          const x = ex + erx * rr * Math.cos(t);
          const y = ey + ery * rr * Math.sin(t);
          texture += `<path d="M ${r1(x - 9)} ${r1(y)} a 9 9 0 0 1 18 0" fill="none" stroke="${dark}" stroke-width="3" stroke-linecap="round" opacity="0.5"/>`;
        }
      }
      const capSegs: readonly Seg[] = big
        ? [
            [0.62, -1.13, 1.12, -0.8, 1.12, -0.2],
            [1.12, 0.1, 1.08, 0.3, 1.0, 0.35],
            [0.96, 0.0, 0.9, -0.4, 0.7, -0.55],
            [0.5, -0.66, 0.25, -0.66, 0, -0.62],
          ]
        : CAP_MALE;
      const shape = sym(g, [0, big ? -1.1 : -1.2], capSegs);
      let curls = "";
      const n = big ? 9 : 8;
      for (let k = 0; k <= n; k++) {
        const t = Math.PI * (1.1 + (0.8 * k) / n);
        const x = g.cx + 0.86 * g.rx * Math.cos(t);
        const y = g.cy - 0.08 * g.ry + 0.56 * g.ry * Math.sin(t);
        curls += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(g.rx * (big ? 0.15 : 0.12))}" fill="${color}"/>`;
      }
      for (let k = 0; k <= 10; k++) {
        const t = Math.PI * (1.05 + (0.9 * k) / 10);
        const x = g.cx + 1.02 * g.rx * Math.cos(t);
        const y = g.cy - 0.05 * g.ry + 1.06 * g.ry * Math.sin(t);
        curls += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(g.rx * (big ? 0.2 : 0.16))}" fill="${color}"/>`;
      }
      let capTexture = "";
      for (let k = 0; k < 12; k++) {
        const t = pick.range(1.1 * Math.PI, 1.9 * Math.PI);
        const rr = pick.range(0.7, 1.0);
        const x = g.cx + g.rx * rr * Math.cos(t);
        const y = g.cy - 0.1 * g.ry + g.ry * rr * Math.sin(t);
        capTexture += `<path d="M ${r1(x - 7)} ${r1(y)} a 7 7 0 0 1 14 0" fill="none" stroke="${dark}" stroke-width="2.5" stroke-linecap="round" opacity="0.5"/>`;
      }
      return {
        back: cloud + texture,
        mid: "",
        front: fill(shape) + curls + capTexture,
        shadow: shape,
      };
    }

    case "short":
    case "buzz":
    case "sidePart":
    case "quiff":
    case "medium": {
      const buzz = style === "buzz";
      let shape: string;
      if (buzz) {
        shape = sym(
          g,
          [0, -1.035],
          [
            [0.6, -1.04, 1.04, -0.78, 1.03, -0.25],
            [1.03, -0.05, 1.02, 0.04, 1.0, 0.08],
            [0.97, -0.05, 0.95, -0.25, 0.88, -0.45],
            [0.75, -0.52, 0.6, -0.62, 0.45, -0.62],
            [0.3, -0.66, 0.15, -0.67, 0, -0.66],
          ],
        );
      } else if (style === "medium") {
        shape = sym(
          g,
          [0, -1.18],
          [
            [0.6, -1.2, 1.1, -0.9, 1.12, -0.3],
            [1.14, 0.05, 1.14, 0.3, 1.1, 0.45],
            [1.05, 0.5, 1.0, 0.46, 0.98, 0.36],
            [0.98, 0.1, 0.97, -0.2, 0.9, -0.42],
            [0.8, -0.58, 0.45, -0.68, 0, -0.66],
          ],
        );
      } else {
        shape = sym(g, [0, -1.2], CAP_MALE);
      }
      const buzzColor = buzz ? mixColor(color, skin, 0.3) : color;
      let extra = "";
      let extraShape = "";
      if (style === "sidePart" || style === "medium") {
        extraShape = sweep(g, dir, style === "medium" ? -0.36 : -0.42);
        extra =
          fill(extraShape) +
          strokes(
            [
              unitPath(g, dir, [
                ["M", 0.42, -1.0],
                ["Q", 0.2, -0.8, -0.5, -0.62],
              ]),
            ],
            dark,
            3,
            0.45,
          ) +
          strokes(
            [
              unitPath(g, dir, [
                ["M", -0.6, -0.92],
                ["Q", 0, -1.1, 0.3, -1.05],
              ]),
            ],
            light,
            8,
            0.35,
          );
      } else if (style === "quiff") {
        extraShape = unitPath(g, dir, [
          ["M", -0.8, -0.72],
          ["C", -0.8, -1.32, 0.35, -1.46, 0.82, -1.02],
          ["C", 0.92, -0.92, 0.86, -0.78, 0.72, -0.72],
          ["C", 0.3, -0.84, -0.3, -0.8, -0.8, -0.72],
          ["Z"],
        ]);
        extra =
          fill(extraShape) +
          strokes(
            [
              unitPath(g, dir, [
                ["M", -0.5, -0.85],
                ["C", -0.4, -1.2, 0.3, -1.3, 0.7, -1.0],
              ]),
              unitPath(g, dir, [
                ["M", -0.2, -0.82],
                ["C", 0, -1.05, 0.4, -1.1, 0.62, -0.9],
              ]),
            ],
            dark,
            3,
            0.4,
          );
      } else if (style === "short") {
        // A textured crop: a fringe of small tufts swept to one side.
        extraShape = unitPath(g, dir, [
          ["M", -0.9, -0.42],
          ["Q", -0.72, -0.5, -0.56, -0.47],
          ["L", -0.46, -0.6],
          ["Q", -0.3, -0.54, -0.14, -0.5],
          ["L", -0.06, -0.63],
          ["Q", 0.1, -0.57, 0.27, -0.53],
          ["L", 0.3, -0.66],
          ["Q", 0.52, -0.62, 0.72, -0.52],
          ["L", 0.9, -0.46],
          ["L", 0.8, -0.85],
          ["L", -0.8, -0.85],
          ["Z"],
        ]);
        const lines = [-0.5, -0.15, 0.2, 0.55].map((x) =>
          unitPath(g, dir, [
            ["M", x - 0.12, -0.56],
            ["Q", x, -0.85, x + 0.15, -1.05],
          ]),
        );
        extra = fill(extraShape) + clipped("hairClip", shape, strokes(lines, dark, 3, 0.35) + strokes([topShine], light, 8, 0.3));
      } else if (!buzz) {
        const lines = [-0.5, -0.15, 0.2, 0.55].map((x) =>
          unitPath(g, 1, [
            ["M", x, -0.68],
            ["Q", x * 1.1 + 0.05, -0.9, x * 0.8, -1.05],
          ]),
        );
        extra = clipped("hairClip", shape, strokes(lines, dark, 3, 0.35) + strokes([topShine], light, 8, 0.3));
      }
      return {
        back: "",
        mid: "",
        front: fill(shape, buzzColor) + extra,
        shadow: extraShape ? `${shape} ${extraShape}` : shape,
      };
    }
  }
}

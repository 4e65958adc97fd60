import { join } from "node:path";
import * as sass from "sass-embedded";
import { describe, expect, it } from "vitest";
import { THEME } from "../../common/constants";

// Spec section 9's theme, read from the CSS the build makes of theme.scss, and THEME (constants.ts),
// which mirrors it for code, compared with that CSS.

describe("theme (spec section 9)", () => {
  it("has the breakpoints, container widths, toast width and 12-column grid of the spec, as THEME says", async () => {
    const { css } = await sass.compileAsync(join(import.meta.dirname, "theme.scss"), {
      loadPaths: [join(import.meta.dirname, "../../../node_modules")],
      quietDeps: true,
      logger: sass.Logger.silent,
    });
    const containers = [...css.matchAll(/@media \(min-width: (\d+)px\)\s*\{\s*\.container[^{]*\{\s*max-width: (\d+)px/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(containers).toEqual([
      [576, 540],
      [768, 720],
      [992, 960],
      [1200, 1140],
    ]);
    expect(containers).toEqual(Object.keys(THEME.breakpoints).map((k) => [THEME.breakpoints[k as "sm"], THEME.containerMaxWidths[k as "sm"]]));
    expect(css).toContain(`--bs-toast-max-width: ${THEME.toastMaxWidth}px`);
    expect(THEME.toastMaxWidth).toBe(350);
    expect(css).toMatch(/\.col-12\s*\{/);
    expect(css).not.toMatch(/\.col-13\s*\{/);
    expect(THEME.gridColumns).toBe(12);
  }, 20_000);
});

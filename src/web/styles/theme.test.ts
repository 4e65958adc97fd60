import { join } from "node:path";
import * as sass from "sass-embedded";
import { beforeAll, describe, expect, it } from "vitest";
import { THEME } from "../../common/constants";

// Spec section 9's theme, read from the CSS the build makes of theme.scss, and THEME (constants.ts),
// which mirrors it for code, compared with that CSS.

async function compiledTheme(): Promise<string> {
  const { css } = await sass.compileAsync(join(import.meta.dirname, "theme.scss"), {
    loadPaths: [join(import.meta.dirname, "../../../node_modules")],
    quietDeps: true,
    logger: sass.Logger.silent,
  });
  return css;
}

describe("theme (spec section 9)", () => {
  let css: string;
  beforeAll(async () => {
    css = await compiledTheme();
  }, 30_000);

  it("has the breakpoints, container widths, toast width and 12-column grid of the spec, as THEME says", () => {
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
  });

  it("keeps the spec's colours, with the darker primary (WCAG AA) for text and the unread count, as THEME says", () => {
    expect(css).toContain(`--bs-primary: ${THEME.primaryText}`);
    expect(css).toContain(`--bs-secondary: ${THEME.colors.secondary}`);
    expect(css).toContain(`--bs-success: ${THEME.colors.success}`);
    expect(css).toContain(THEME.colors.primary);
    expect(css).toMatch(new RegExp(`--unread-messages: ${THEME.colors.unreadMessages}`, "i"));
    expect([THEME.colors.primary, THEME.colors.secondary, THEME.colors.success, THEME.primaryText]).toEqual(["#ec2b45", "#fd5f89", "#22c922", "#d91f3a"]);
  });
});

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

// Accessibility checks with axe-core in the page: the issue asks for no serious or critical violation.

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** The serious and critical violations of WCAG 2.0, 2.1 and 2.2 A and AA rules on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through DevTools, not added as a <script>: the site's Content-Security-Policy forbids
  // inline scripts, and the page must keep its real policy while it is checked.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  // Colours are checked as painted: a modal still fading in has faint text (a contrast failure of the
  // moment). So first the overlays (modals, offcanvas, toasts, their backdrops) finish their
  // transitions; the rest of a page may animate on (the landers' slideshows never stop).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => {
      const target = (a.effect as KeyframeEffect | null)?.target;
      const overlay = target instanceof Element && target.closest(".modal, .modal-backdrop, .offcanvas, .offcanvas-backdrop, .toast, [role=dialog]");
      return !overlay || a.playState !== "running";
    }),
  );
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      resultTypes: ["violations"],
    });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
  });
}

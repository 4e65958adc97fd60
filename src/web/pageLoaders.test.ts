import { afterEach, describe, expect, it, vi } from "vitest";
import { pages, preloadPage } from "./pageLoaders";

// Spec §9: page-link prefetch is skipped on 2g or with data saver on.

const load = vi.fn(() => Promise.resolve({}));
const original = pages.members[0];

function onConnection(connection: { saveData?: boolean; effectiveType?: string } | undefined): void {
  vi.stubGlobal("navigator", { connection });
}

afterEach(() => {
  vi.unstubAllGlobals();
  load.mockClear();
  pages.members[0] = original;
});

describe("preloadPage", () => {
  it("loads the page's chunk ahead of a click on a fast connection, or where the browser does not tell", () => {
    pages.members[0] = load;
    onConnection({ effectiveType: "4g" });
    preloadPage("/members");
    onConnection(undefined);
    preloadPage("/members");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("loads nothing on 2g, slow-2g or with data saver on", () => {
    pages.members[0] = load;
    for (const connection of [{ effectiveType: "2g" }, { effectiveType: "slow-2g" }, { effectiveType: "4g", saveData: true }]) {
      onConnection(connection);
      preloadPage("/members");
    }
    expect(load).not.toHaveBeenCalled();
  });

  it("loads nothing for a path that is no page", () => {
    pages.members[0] = load;
    onConnection({ effectiveType: "4g" });
    preloadPage("/no-such-page");
    expect(load).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from "vitest";
import { PAGE_ROUTES } from "../../common/routes";
import de from "../i18n/locales/de.json";
import { PAGE_TITLE_KEYS, SITE_TITLED_ROUTES } from "./pageTitleKeys";
import { pageTitle } from "./usePageTitle";

const lookup = (messages: unknown, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

describe("page title", () => {
  it("names the page and the site, and is prefixed with unread messages plus new likes when above zero", () => {
    expect(pageTitle({ page: "Nachrichten", site: "Amoria", siteTitle: "Amoria – Dating", unread: 0 })).toBe("Nachrichten – Amoria");
    expect(pageTitle({ page: "Messages", site: "Amoria", siteTitle: "Amoria – Dating", unread: 3 })).toBe("(3) Messages – Amoria");
  });

  it("is the site's title on the front doors, or its name when there is none", () => {
    expect(pageTitle({ page: null, site: "Amoria", siteTitle: "Amoria – Dating", unread: 0 })).toBe("Amoria – Dating");
    expect(pageTitle({ page: null, site: "Amoria", siteTitle: "", unread: 2 })).toBe("(2) Amoria");
  });

  it("gives every page a title of its own that exists in the locales", () => {
    for (const route of PAGE_ROUTES) {
      if (SITE_TITLED_ROUTES.includes(route.name)) continue;
      const key = PAGE_TITLE_KEYS[route.name];
      expect(key, route.name).toBeDefined();
      expect(typeof lookup(de, key), `${route.name}: ${key}`).toBe("string");
    }
  });
});

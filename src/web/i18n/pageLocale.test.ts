import { describe, expect, it } from "vitest";
import type { Settings } from "../../common/schemas/settings";
import type { User } from "../../common/schemas/user";
import { localeOf } from "./pageLocale";

const site = (countries: string[], selected: string) => ({ countries, geoip_selected_country: selected }) as Settings;
const member = (country: string | null) => ({ profile: { country } }) as User;

describe("the locale a page formats in", () => {
  it("writes the page's language as the site's country does for a visitor", () => {
    expect(localeOf("de", site(["CH"], "CH"), null)).toBe("de-CH");
    expect(localeOf("fr", site(["CH", "FR"], "FR"), null)).toBe("fr-FR");
  });

  it("follows the member's own country where the site is sold there", () => {
    expect(localeOf("de", site(["CH", "DE", "AT"], "CH"), member("AT"))).toBe("de-AT");
    expect(localeOf("en", site(["CH"], "CH"), member("US"))).toBe("en-CH");
  });

  it("is Dutch when the language is not one of ours", () => {
    expect(localeOf("xx", site(["NL"], "NL"), null)).toBe("nl-NL");
  });
});

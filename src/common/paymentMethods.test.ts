import { describe, expect, it } from "vitest";
import { COUNTRIES } from "./locales";
import { paymentMethodsFor } from "./paymentMethods";

const ids = (country: string | null) => paymentMethodsFor(country).map((m) => m.id);

describe("payment methods per country (spec §3)", () => {
  it("lists each country's own methods first", () => {
    expect(ids("BE")[0]).toBe("bancontact");
    expect(ids("AT")[0]).toBe("eps");
    expect(ids("DK").slice(0, 2)).toEqual(["mobilepay", "dankort"]);
    expect(ids("CH")[0]).toBe("twint");
    expect(ids("NO")[0]).toBe("vipps");
    expect(ids("IT").slice(0, 3)).toEqual(["nexi", "paypal", "satispay"]);
    expect(ids("NL")[0]).toBe("ideal");
    expect(ids("PL").slice(0, 2)).toEqual(["blik", "przelewy24"]);
    expect(ids("SE")[0]).toBe("swish");
    expect(ids("FR")[0]).toBe("carte_bancaire");
  });

  it("offers a country's own methods only there", () => {
    for (const [method, home] of [
      ["bancontact", "BE"],
      ["eps", "AT"],
      ["dankort", "DK"],
      ["nexi", "IT"],
      ["twint", "CH"],
      ["vipps", "NO"],
      ["ideal", "NL"],
    ] as const) {
      const where = COUNTRIES.filter((c) => ids(c).includes(method));
      expect(where, method).toEqual([home]);
    }
    expect(COUNTRIES.filter((c) => ids(c).includes("satispay"))).toContain("IT");
    expect(COUNTRIES.filter((c) => ids(c).includes("mobilepay"))).toEqual(expect.arrayContaining(["DK", "FI"]));
  });

  it("offers Maestro in Europe only, and a generic credit card everywhere", () => {
    for (const country of COUNTRIES) {
      const european = !["US", "CA", "AU", "NZ"].includes(country);
      expect(ids(country).includes("maestro"), country).toBe(european);
      expect(ids(country), country).toContain("credit_card");
    }
  });

  it("offers the discontinued SOFORT and giropay nowhere (kept for past payments)", () => {
    for (const country of COUNTRIES) {
      expect(ids(country), country).not.toContain("sofort");
      expect(ids(country), country).not.toContain("giropay");
    }
  });

  it("offers only the methods sold everywhere to a country where we do not sell", () => {
    const anywhere = ids("ZZ");
    expect(anywhere).toContain("credit_card");
    expect(anywhere).not.toContain("maestro");
    expect(anywhere).not.toContain("bancontact");
  });
});

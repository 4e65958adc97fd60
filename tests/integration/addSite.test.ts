import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditBundles } from "../../src/server/db/schema";
import { addSite } from "../../src/server/features/settings/addSite";
import { createTestDatabase, type TestDatabase } from "../support/testDatabase";

// The `site add` command of a production database (src/server/commands/site.ts).

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe("adding a site", () => {
  it("adds a site on the domain as requests are matched, with its name, countries and credit bundles", async () => {
    const { site, created } = await addSite(t.database.db, { domain: "www.Flirt.example:8443", name: "Flirt", countries: ["ch", "de"] });
    expect(created).toBe(true);
    expect(site.domain).toBe("flirt.example");
    expect(site.settings).toMatchObject({ name: "Flirt", mail_name: "Flirt", countries: ["CH", "DE"] });
    const bundles = await t.database.db.select().from(creditBundles).where(eq(creditBundles.siteId, site.id));
    expect(bundles.length).toBeGreaterThan(0);
  });

  it("leaves an existing site as it is when run again", async () => {
    const again = await addSite(t.database.db, { domain: "flirt.example", name: "Other" });
    expect(again.created).toBe(false);
    expect(again.site.settings.name).toBe("Flirt");
  });

  it("refuses what is not a domain name or a country code", async () => {
    await expect(addSite(t.database.db, { domain: "flirt example/x" })).rejects.toThrow("not a domain name");
    await expect(addSite(t.database.db, { domain: "new.example", countries: ["Switzerland"] })).rejects.toThrow("not an ISO country code");
  });
});

import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("runs on the embedded default with nothing set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, redisUrl: undefined, devMailbox: true });
    expect(config.dataDir.endsWith("/data")).toBe(true);
  });
  it("stops with a message naming each bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    } catch (err) {
      expect(String((err as Error).message)).toMatch(/PORT/);
      expect(String((err as Error).message)).toMatch(/DATABASE_URL/);
    }
  });
  it("has no dev mailbox in production or with SMTP", () => {
    expect(loadConfig({ NODE_ENV: "production" }).devMailbox).toBe(false);
    expect(loadConfig({ SMTP_URL: "smtp://localhost:25" }).devMailbox).toBe(false);
  });
});

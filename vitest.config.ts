import { defineConfig } from "vitest/config";
import { preactAliases } from "./scripts/preactAliases.js";

// Integration files share one worker's module graph (isolate: false): each file still gets its own
// app and database, and importing the server once instead of once per file saves about 1.5 s a file.
// Files that replace a module with vi.mock need a fresh module graph: they run isolated.
const isolatedIntegration = ["tests/integration/throttles.test.ts"];
const integration = {
  globalSetup: ["tests/support/globalSetup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  fileParallelism: true,
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: preactAliases },
        // Libraries' ES module builds: a CommonJS one (React Router's, react-bootstrap's) would require
        // React itself, past the aliases.
        ssr: { resolve: { conditions: ["module", "node", "development"], mainFields: ["module", "main"] } },
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
          environment: "node",
          // Libraries that import React go through the aliases too (as in the build), not Node's own loading.
          server: { deps: { inline: [/react-router/, /react-i18next/, /react-bootstrap/, /@restart\/ui/, /@tanstack\/react-query/] } },
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: isolatedIntegration,
          isolate: false,
          ...integration,
        },
      },
      {
        test: {
          name: "integration-isolated",
          include: isolatedIntegration,
          ...integration,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/globalSetup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // What a journey polls for is what a browser shows once a request has come back: on a loaded
          // machine a photo took 1.6 s to arrive, beyond the default second of expect.poll.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});

import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompressPlugin } from "./scripts/precompress.js";

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), precompressPlugin()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks each page needs (scripts/jsBudget.ts reads it).
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // The precompress plugin's closeBundle compresses every file on purpose (a second or more):
      // no warning about slow plugins for it.
      checks: { bundlerTimings: false },
      // The service worker is an entry of its own, at the site root (its scope is the folder it is
      // served from) under a fixed name, so that the registered worker can update itself.
      input: { index: resolve(import.meta.dirname, "src/web/index.html"), sw: resolve(import.meta.dirname, "src/web/sw.ts") },
      output: { entryFileNames: (chunk) => (chunk.name === "sw" ? "sw.js" : "assets/[name]-[hash].js") },
    },
  },
  css: { preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"] } } },
  server: { proxy: { "/api": "http://localhost:3000", "/photos": "http://localhost:3000", "/dev": "http://localhost:3000" } },
});

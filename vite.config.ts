import { resolve } from "node:path";
import { build, defineConfig, type Plugin } from "vite";
import { firstPageChunks } from "./scripts/firstPageChunks.js";
import { preactAliases } from "./scripts/preactAliases.js";
import { precompressPlugin } from "./scripts/precompress.js";

/**
 * After the client, the server's rendering of a visitor's first page (src/web/ssr.tsx) into dist/ssr:
 * the same components for Node (no CSS, packages imported from node_modules). `vite build` makes both.
 */
function ssrBuildPlugin(): Plugin {
  return {
    name: "amoria-ssr-build",
    apply: (config) => !config.build?.ssr,
    async closeBundle() {
      await build({
        configFile: resolve(import.meta.dirname, "vite.config.ts"),
        logLevel: "warn",
        publicDir: false,
        build: { ssr: resolve(import.meta.dirname, "src/web/ssr.tsx"), outDir: "../../dist/ssr", emptyOutDir: true, sourcemap: false, manifest: false },
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: "src/web",
  publicDir: "public",
  plugins: isSsrBuild ? [] : [precompressPlugin(), ssrBuildPlugin()],
  resolve: { alias: preactAliases },
  // The server's rendering build bundles the libraries too, so that their imports of React go to Preact as well.
  ssr: { noExternal: true },
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
      // A visitor's first page rendered on the server (the landers) starts from visitor.html: a
      // small entry that loads the app after the first paint (src/web/visitor.ts).
      ...(isSsrBuild
        ? {}
        : {
            input: {
              index: resolve(import.meta.dirname, "src/web/index.html"),
              visitor: resolve(import.meta.dirname, "src/web/visitor.html"),
              sw: resolve(import.meta.dirname, "src/web/sw.ts"),
            },
            output: {
              entryFileNames: (chunk: { name: string }) => (chunk.name === "sw" ? "sw.js" : "assets/[name]-[hash].js"),
              // A member's first page in a few files instead of sixty (scripts/firstPageChunks.ts). A
              // group takes only the modules named, not what they import: what the entries hold stays there.
              codeSplitting: { includeDependenciesRecursively: false, groups: [firstPageChunks()] },
            },
          }),
    },
  },
  css: { preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"] } } },
  server: { proxy: { "/api": "http://localhost:3000", "/photos": "http://localhost:3000", "/dev": "http://localhost:3000" } },
}));

import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** One chunk of the build's manifest (dist/web/.vite/manifest.json), as far as we read it. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const LANDER = "layouts/LanderLayout.tsx";
const DEFAULT = "layouts/DefaultLayout.tsx";
/** Loaded by the default layout as soon as a member is logged in. */
const MEMBER = "layouts/MemberParts.tsx";

/**
 * The kinds of first page of issue 19's table, each with the modules it shows: its page and its layout
 * (each a chunk of its own, loaded in parallel) and, on members' pages, the layout's parts for members.
 */
export const PAGE_KINDS = {
  lander: ["pages/LanderPage.tsx", LANDER],
  "tinder-swipe lander": ["pages/TinderSwipeLanderPage.tsx", LANDER],
  "member lander": ["pages/MemberLandingPage.tsx", LANDER],
  home: ["pages/HomePage.tsx", DEFAULT],
  // A member's home is their search: the home page loads the search's page before it shows.
  "member home": ["pages/HomePage.tsx", "pages/MembersPage.tsx", DEFAULT, MEMBER],
  signup: ["pages/SignupPage.tsx", DEFAULT],
  search: ["pages/MembersPage.tsx", DEFAULT, MEMBER],
  chats: ["pages/ChatsPage.tsx", DEFAULT, MEMBER],
} as const;
export type PageKind = keyof typeof PAGE_KINDS;

/**
 * The kinds the server renders for a visitor (features/web/web.routes.ts, SERVER_RENDERED): the page is
 * in the HTML and starts from visitor.html's entry alone; the app (index.html's entry with the page's
 * chunks, what PAGE_KINDS counts) is fetched after the first paint and runs on the first touch (or at once for a page that moves by itself), taking the page over.
 */
export const SERVER_RENDERED_KINDS: readonly PageKind[] = ["lander", "tinder-swipe lander", "member lander", "home", "signup"];

export interface PageWeight {
  kind: PageKind;
  /** Whether the count is visitor.html's entry (the page rendered on the server) rather than the app's. */
  serverRendered: boolean;
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

export function readManifest(webRoot: string): Manifest {
  const path = join(webRoot, ".vite/manifest.json");
  if (!existsSync(path)) throw new Error(`No build manifest at ${path}: build the client first (npm run build).`);
  return JSON.parse(readFileSync(path, "utf8")) as Manifest;
}

/** Every JavaScript file a browser must load before `keys` can run: the chunks and their static imports. */
export function initialFiles(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    if (chunk.file.endsWith(".js")) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/** A file's size as sent: its precompressed copy when the build wrote one, else the file itself. */
function sentSize(webRoot: string, file: string, suffix: "" | ".gz" | ".br"): number {
  const copy = join(webRoot, file + suffix);
  return statSync(existsSync(copy) ? copy : join(webRoot, file)).size;
}

/** What each kind of page loads before it shows: the entry (index.html's, or visitor.html's for a page the server renders) and the page's own chunks. */
export function pageWeights(webRoot: string): PageWeight[] {
  const manifest = readManifest(webRoot);
  const entryOf = (html: string) => {
    const key = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith(html));
    if (!key) throw new Error(`The manifest names no ${html} entry`);
    return key;
  };
  const app = entryOf("index.html");
  const visitor = entryOf("visitor.html");
  const weigh = (kind: PageKind, serverRendered: boolean): PageWeight => {
    const files = initialFiles(manifest, serverRendered ? [visitor] : [app, ...PAGE_KINDS[kind]]);
    const sum = (suffix: "" | ".gz" | ".br") => files.reduce((total, file) => total + sentSize(webRoot, file, suffix), 0);
    return { kind, serverRendered, files: files.length, raw: sum(""), gzip: sum(".gz"), brotli: sum(".br") };
  };
  return (Object.keys(PAGE_KINDS) as PageKind[]).map((kind) => weigh(kind, SERVER_RENDERED_KINDS.includes(kind)));
}

/** What the app that takes over a server-rendered page loads (fetched after the first paint, run on the first touch; for the report). */
export function appWeights(webRoot: string): PageWeight[] {
  const manifest = readManifest(webRoot);
  const app = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith("index.html"));
  if (!app) throw new Error("The manifest names no index.html entry");
  return SERVER_RENDERED_KINDS.map((kind) => {
    const files = initialFiles(manifest, [app, ...PAGE_KINDS[kind]]);
    const sum = (suffix: "" | ".gz" | ".br") => files.reduce((total, file) => total + sentSize(webRoot, file, suffix), 0);
    return { kind, serverRendered: false, files: files.length, raw: sum(""), gzip: sum(".gz"), brotli: sum(".br") };
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

if (import.meta.url === `file://${process.argv[1]}`) {
  const webRoot = process.argv[2] ?? join(import.meta.dirname, "../dist/web");
  const line = (w: PageWeight, note = "") =>
    console.log(`${w.kind.padEnd(22)} ${String(w.files).padStart(5)} ${kb(w.raw).padStart(8)} ${kb(w.gzip).padStart(8)} ${kb(w.brotli).padStart(10)}${note}`);
  console.log("page kind              files   raw KB  gzip KB  brotli KB   (before the page shows)");
  for (const w of pageWeights(webRoot)) line(w, w.serverRendered ? "   rendered on the server: visitor.html's entry" : "");
  console.log("\nafter the first paint (fetched; run on the first touch): the app that takes over a page rendered on the server");
  for (const w of appWeights(webRoot)) line(w);
}

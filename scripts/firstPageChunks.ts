import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

/** The app's entries (index.html's, visitor.html's, the service worker), under src/web. */
const ENTRIES = ["main.tsx", "visitor.ts", "sw.ts"];
/** What the app that takes over a visitor's first page (rendered on the server) loads with it. */
const VISITOR_FIRST_PAGES = [
  "layouts/LanderLayout.tsx",
  "pages/LanderPage.tsx",
  "pages/TinderSwipeLanderPage.tsx",
  "pages/MemberLandingPage.tsx",
  "pages/HomePage.tsx",
  "pages/SignupPage.tsx",
];
const LAYOUT = "layouts/DefaultLayout.tsx";
const MEMBER_PARTS = "layouts/MemberParts.tsx";
/** A member's first pages (issue 19's table): the layout, its parts for members, and the pages. */
/** The members' pages whose own parts (what they import that no group above holds) are a chunk each, by chunk name. */
const PAGE_PARTS = { "search-parts": "pages/MembersPage.tsx", "chats-parts": "pages/ChatsPage.tsx" };
const MEMBER_FIRST_PAGES = [LAYOUT, MEMBER_PARTS, "pages/HomePage.tsx", ...Object.values(PAGE_PARTS)];

/** What rolldown's chunk naming tells of its module graph: a module's static imports. */
export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The source text of a module by the graph's id, or null (a virtual module). */
export type ReadSource = (id: string) => string | null;

/**
 * A library's index that re-exports all its parts (react-bootstrap's). Following all its exports
 * would bring every part along (dialogs, menus and popper, which the first pages do not load): a
 * module that imports names from it is taken to import the parts those names come from, and the
 * index itself is not followed. Left to rolldown, the parts the first pages use were a file each
 * (20 of the 33 files a member's home loaded, most under 600 bytes).
 */
const BARREL = /node_modules[\\/]react-bootstrap[\\/]esm[\\/]index\.js$/;
const IMPORT_FROM_BARREL = /import\s*\{([^}]*)\}\s*from\s*["']react-bootstrap["']/g;

/** The files of a library's index by the names it exports: `export { default as Card, useCard } from './Card'`. */
function barrelExports(barrelId: string, source: string): Map<string, string> {
  const folder = barrelId.slice(0, Math.max(barrelId.lastIndexOf("/"), barrelId.lastIndexOf("\\")) + 1);
  const parts = new Map<string, string>();
  for (const [, names, file] of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]\.\/([\w-]+)['"]/g)) {
    for (const name of names.split(","))
      parts.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop() as string,
        `${folder}${file}.js`,
      );
  }
  return parts;
}

/** The names a module imports from the library's index by value (not `import type`, nor a `type` among the names). */
function namesFromBarrel(source: string): string[] {
  return [...source.matchAll(IMPORT_FROM_BARREL)].flatMap(([, list]) =>
    list
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item && !item.startsWith("type "))
      .map((item) => item.split(/\s+as\s+/)[0]),
  );
}

/** The parts a module takes from the library's index, by the names it imports: each module's source and the index read once. */
type BarrelParts = (importer: string, barrel: string) => readonly string[];
function barrelParts(read: ReadSource): BarrelParts {
  let exports: Map<string, string> | null = null;
  const parts = new Map<string, string[]>();
  return (importer, barrel) => {
    let taken = parts.get(importer);
    if (!taken) {
      exports ??= barrelExports(barrel, read(barrel) ?? "");
      const named = exports;
      taken = namesFromBarrel(read(importer) ?? "").flatMap((name) => named.get(name) ?? []);
      parts.set(importer, taken);
    }
    return taken;
  };
}

/** Every module `roots` import, directly or not (static imports only), the roots included. */
function closure(graph: ModuleGraph, partsOf: BarrelParts, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (!BARREL.test(imported)) visit(imported);
      else {
        // The index itself counts as imported (it re-exports only); its parts as the module names them.
        seen.add(imported);
        for (const part of partsOf(id, imported)) visit(part);
      }
    }
  };
  for (const root of roots) visit(root);
  return seen;
}

/**
 * Which chunk each module of a member's first page goes to, for modules that automatic splitting
 * would scatter over dozens of small files (each module goes where the set of pages using it says,
 * and a member's page loaded 60 of them). A member's page loads all of these anyway, and over
 * HTTP/1.1 (six connections) every file costs a round trip. Six chunks, none loading more than a
 * member's first page needed before:
 *
 * - `app`: what only index.html's entry imports (not visitor.html's, not the service worker's);
 * - `shared`: what a member's first pages share with a visitor's (cards, photos, links), outside the entries;
 * - `layout`: what the default layout imports beyond those;
 * - `member-parts`: what the layout's parts for members import beyond those;
 * - `search-parts`, `chats-parts`: what the search's and the conversations' pages import beyond those
 *   (another page that uses one of these modules, such as the likes' results, loads the whole chunk:
 *   2-4 KB).
 *
 * Pages and layouts stay chunks of their own (the server preloads them by name), and so does what
 * only a visitor's page uses; a library's index is followed only to the parts a module names
 * (BARREL). `web` turns a path under src/web into the graph's id; `read` gives a module's source,
 * for the names it takes from a library's index.
 */
export function firstPageGroups(graph: ModuleGraph, web: (path: string) => string, read: ReadSource): Map<string, string> {
  const partsOf = barrelParts(read);
  const roots = new Set([...ENTRIES, ...VISITOR_FIRST_PAGES, ...MEMBER_FIRST_PAGES].map(web));
  const entries = closure(graph, partsOf, ENTRIES.map(web));
  const otherEntries = closure(graph, partsOf, ENTRIES.slice(1).map(web));
  const visitors = closure(graph, partsOf, VISITOR_FIRST_PAGES.map(web));
  const members = closure(graph, partsOf, MEMBER_FIRST_PAGES.map(web));
  const layout = closure(graph, partsOf, [web(LAYOUT)]);
  const groups = new Map<string, string>();
  const put = (modules: Iterable<string>, name: string, keep: (id: string) => boolean) => {
    for (const id of modules) if (!roots.has(id) && !groups.has(id) && keep(id)) groups.set(id, name);
  };
  put(closure(graph, partsOf, [web("main.tsx")]), "app", (id) => !otherEntries.has(id));
  put(members, "shared", (id) => visitors.has(id) && !entries.has(id));
  put(layout, "layout", (id) => !visitors.has(id) && !entries.has(id));
  put(closure(graph, partsOf, [web(MEMBER_PARTS)]), "member-parts", (id) => !visitors.has(id) && !entries.has(id));
  for (const [name, page] of Object.entries(PAGE_PARTS)) put(closure(graph, partsOf, [web(page)]), name, (id) => !visitors.has(id) && !entries.has(id));
  return groups;
}

/** firstPageGroups as a group of rolldown's `output.codeSplitting` (the graph is read on its first call). */
export function firstPageChunks() {
  let groups: Map<string, string> | null = null;
  const web = (path: string) => resolve(import.meta.dirname, "../src/web", path);
  return {
    name(id: string, graph: ModuleGraph): string | null {
      groups ??= firstPageGroups(graph, web, (module) => (existsSync(module) ? readFileSync(module, "utf8") : null));
      return groups.get(id) ?? null;
    },
  };
}

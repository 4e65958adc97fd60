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
const MEMBER_FIRST_PAGES = [LAYOUT, MEMBER_PARTS, "pages/HomePage.tsx", "pages/MembersPage.tsx", "pages/ChatsPage.tsx"];

/** What rolldown's chunk naming tells of its module graph: a module's static imports. */
export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * A library's index that re-exports all its parts: which of them a module takes is not known from
 * the graph, and following it would bring every part along (react-bootstrap's dialogs, menus and
 * popper, which the first pages do not load). Its parts are left to rolldown's own splitting.
 */
const BARREL = /node_modules[\\/]react-bootstrap[\\/]esm[\\/]index\.js$/;

/** Every module `roots` import, directly or not (static imports only), the roots included. */
function closure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    if (BARREL.test(id)) return;
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return seen;
}

/**
 * Which chunk each module of a member's first page goes to, for modules that automatic splitting
 * would scatter over dozens of small files (each module goes where the set of pages using it says,
 * and a member's page loaded 60 of them). A member's page loads all of these anyway, and over
 * HTTP/1.1 (six connections) every file costs a round trip. Four chunks, none loading more than a
 * page needed before:
 *
 * - `app`: what only index.html's entry imports (not visitor.html's, not the service worker's);
 * - `shared`: what a member's first pages share with a visitor's (cards, photos, links), outside the entries;
 * - `layout`: what the default layout imports beyond those;
 * - `member-parts`: what the layout's parts for members import beyond those.
 *
 * Pages and layouts stay chunks of their own (the server preloads them by name), and so does what
 * only one page uses. `web` turns a path under src/web into the graph's id.
 */
export function firstPageGroups(graph: ModuleGraph, web: (path: string) => string): Map<string, string> {
  const roots = new Set([...ENTRIES, ...VISITOR_FIRST_PAGES, ...MEMBER_FIRST_PAGES].map(web));
  const entries = closure(graph, ENTRIES.map(web));
  const otherEntries = closure(graph, ENTRIES.slice(1).map(web));
  const visitors = closure(graph, VISITOR_FIRST_PAGES.map(web));
  const members = closure(graph, MEMBER_FIRST_PAGES.map(web));
  const layout = closure(graph, [web(LAYOUT)]);
  const groups = new Map<string, string>();
  const put = (modules: Iterable<string>, name: string, keep: (id: string) => boolean) => {
    for (const id of modules) if (!roots.has(id) && !groups.has(id) && keep(id)) groups.set(id, name);
  };
  put(closure(graph, [web("main.tsx")]), "app", (id) => !otherEntries.has(id));
  put(members, "shared", (id) => visitors.has(id) && !entries.has(id));
  put(layout, "layout", (id) => !visitors.has(id) && !entries.has(id));
  put(closure(graph, [web(MEMBER_PARTS)]), "member-parts", (id) => !visitors.has(id) && !entries.has(id));
  return groups;
}

/** firstPageGroups as a group of rolldown's `output.codeSplitting` (the graph is read on its first call). */
export function firstPageChunks() {
  let groups: Map<string, string> | null = null;
  const web = (path: string) => resolve(import.meta.dirname, "../src/web", path);
  return {
    name(id: string, graph: ModuleGraph): string | null {
      groups ??= firstPageGroups(graph, web);
      return groups.get(id) ?? null;
    },
  };
}

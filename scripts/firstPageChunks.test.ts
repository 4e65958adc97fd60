import { describe, expect, it } from "vitest";
import { firstPageGroups, type ModuleGraph } from "./firstPageChunks";

// A small app: the entry imports the router; a lander and the visitor's home share a card with the
// members' search; the layout has a top bar, its members' parts a like modal; react-bootstrap's
// index re-exports a button and a dialog.
const IMPORTS: Record<string, string[]> = {
  "main.tsx": ["router", "node_modules/react-bootstrap/esm/index.js"],
  "visitor.ts": ["beacon"],
  "sw.ts": ["beacon"],
  "layouts/LanderLayout.tsx": ["footer"],
  "pages/LanderPage.tsx": ["card", "lander-hero"],
  "pages/HomePage.tsx": ["card", "signup-link"],
  "pages/SignupPage.tsx": ["signup-form"],
  "pages/TinderSwipeLanderPage.tsx": [],
  "pages/MemberLandingPage.tsx": [],
  "layouts/DefaultLayout.tsx": ["top-bar", "footer", "router"],
  "top-bar": ["node_modules/react-bootstrap/esm/index.js", "menu-faces"],
  "layouts/MemberParts.tsx": ["like-modal", "top-bar"],
  "like-modal": ["lazy-modal"],
  "pages/MembersPage.tsx": ["card", "search-results"],
  "pages/ChatsPage.tsx": ["chat-row"],
  "node_modules/react-bootstrap/esm/index.js": ["node_modules/react-bootstrap/esm/Button.js", "node_modules/react-bootstrap/esm/Modal.js"],
};
const graph: ModuleGraph = { getModuleInfo: (id) => ({ importedIds: IMPORTS[id] ?? [] }) };
const groups = firstPageGroups(graph, (path) => path);

describe("the chunks of a member's first page", () => {
  it("puts what only index.html's entry imports in one chunk, and what it shares with the other entries nowhere", () => {
    expect(groups.get("router")).toBe("app");
    expect(groups.has("beacon")).toBe(false);
  });

  it("puts what members' and visitors' first pages share in one chunk, and what only one page uses in none", () => {
    expect(groups.get("card")).toBe("shared");
    // The home is a member's first page and a visitor's.
    expect(groups.get("signup-link")).toBe("shared");
    for (const own of ["lander-hero", "search-results", "chat-row", "signup-form"]) expect(groups.has(own), own).toBe(false);
  });

  it("gives the layout and its members' parts a chunk each, without what a visitor's page or an entry holds", () => {
    expect(groups.get("top-bar")).toBe("layout");
    expect(groups.get("menu-faces")).toBe("layout");
    expect(groups.get("like-modal")).toBe("member-parts");
    expect(groups.get("lazy-modal")).toBe("member-parts");
    // The lander's layout has the footer too: it goes with what visitors' and members' pages share.
    expect(groups.get("footer")).toBe("shared");
  });

  it("leaves pages, layouts and a library's parts reached through its index to rolldown", () => {
    for (const page of ["layouts/DefaultLayout.tsx", "layouts/MemberParts.tsx", "pages/MembersPage.tsx", "main.tsx"])
      expect(groups.has(page), page).toBe(false);
    expect(groups.has("node_modules/react-bootstrap/esm/Modal.js")).toBe(false);
    expect(groups.has("node_modules/react-bootstrap/esm/Button.js")).toBe(false);
  });
});

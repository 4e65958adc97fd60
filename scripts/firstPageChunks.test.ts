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
  "chat-row": ["node_modules/react-bootstrap/esm/index.js"],
  "layouts/MemberParts.tsx": ["like-modal", "top-bar"],
  "like-modal": ["lazy-modal"],
  "pages/MembersPage.tsx": ["card", "search-results"],
  "pages/ChatsPage.tsx": ["chat-row"],
  "node_modules/react-bootstrap/esm/index.js": [
    "node_modules/react-bootstrap/esm/Button.js",
    "node_modules/react-bootstrap/esm/Modal.js",
    "node_modules/react-bootstrap/esm/Badge.js",
  ],
  "node_modules/react-bootstrap/esm/Button.js": ["node_modules/react-bootstrap/esm/ThemeProvider.js"],
};
// What the modules that take names from react-bootstrap's index say.
const SOURCES: Record<string, string> = {
  "node_modules/react-bootstrap/esm/index.js": [
    "export { default as Badge } from './Badge';",
    "export { default as Button } from './Button';",
    "export { default as Modal, useModal } from './Modal';",
  ].join("\n"),
  "main.tsx": 'import { Button } from "react-bootstrap";',
  "top-bar": 'import { type ButtonProps, Badge } from "react-bootstrap";\nimport type { ModalProps } from "react-bootstrap";',
  "chat-row": 'import {\n  Badge,\n  Button as Press,\n} from "react-bootstrap";',
};
const graph: ModuleGraph = { getModuleInfo: (id) => ({ importedIds: IMPORTS[id] ?? [] }) };
const groups = firstPageGroups(
  graph,
  (path) => path,
  (id) => SOURCES[id] ?? null,
);

describe("the chunks of a member's first page", () => {
  it("puts what only index.html's entry imports in one chunk, and what it shares with the other entries nowhere", () => {
    expect(groups.get("router")).toBe("app");
    expect(groups.has("beacon")).toBe(false);
  });

  it("puts what members' and visitors' first pages share in one chunk, and what only a visitor's page uses in none", () => {
    expect(groups.get("card")).toBe("shared");
    // The home is a member's first page and a visitor's.
    expect(groups.get("signup-link")).toBe("shared");
    for (const own of ["lander-hero", "signup-form"]) expect(groups.has(own), own).toBe(false);
  });

  it("gives the search's and the conversations' own parts a chunk each", () => {
    expect(groups.get("search-results")).toBe("search-parts");
    expect(groups.get("chat-row")).toBe("chats-parts");
  });

  it("gives the layout and its members' parts a chunk each, without what a visitor's page or an entry holds", () => {
    expect(groups.get("top-bar")).toBe("layout");
    expect(groups.get("menu-faces")).toBe("layout");
    expect(groups.get("like-modal")).toBe("member-parts");
    expect(groups.get("lazy-modal")).toBe("member-parts");
    // The lander's layout has the footer too: it goes with what visitors' and members' pages share.
    expect(groups.get("footer")).toBe("shared");
  });

  it("leaves pages and layouts to rolldown", () => {
    for (const page of ["layouts/DefaultLayout.tsx", "layouts/MemberParts.tsx", "pages/MembersPage.tsx", "main.tsx"])
      expect(groups.has(page), page).toBe(false);
  });

  it("takes a module to import the parts of react-bootstrap it names from the library's index, and no other", () => {
    // The entry's button (and what the button imports) goes with the entry; the top bar's badge with the layout.
    expect(groups.get("node_modules/react-bootstrap/esm/Button.js")).toBe("app");
    expect(groups.get("node_modules/react-bootstrap/esm/ThemeProvider.js")).toBe("app");
    expect(groups.get("node_modules/react-bootstrap/esm/Badge.js")).toBe("layout");
    // Named only as types: not a part any first page loads.
    expect(groups.has("node_modules/react-bootstrap/esm/Modal.js")).toBe(false);
  });
});

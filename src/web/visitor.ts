import "./styles/theme.scss";
import { readDraft, saveDraft } from "./features/signup/signupDraft";
import { startPageHiddenBeacon } from "./pageHiddenBeacon";

// The entry of a first page that the server rendered: a visitor's (the landers, the home, signup) and
// a member's (their home, search and conversations: the app runs as soon as the page has loaded,
// `data-start="loaded"`, since the member's messages and likes come live).
// The page is in the HTML, so the first paint needs no JavaScript. Once the page has loaded, the browser fetches the app
// (index.html's entry, main.tsx, and its modules) without running it; the app starts on the
// visitor's first touch, click, key or focus, and hydrates the server's markup. A click or a key before it
// is there is held and replayed on the app's page (the markup is the same, so a click finds its
// element by its place under the root). A page with a part that moves by itself (`data-moves`: the
// video landers' shows) starts the app as soon as it has loaded.

const root = document.getElementById("root") as HTMLElement;
const held: Array<{ type: "click"; path: number[] } | { type: "key"; key: string; code: string; path: number[] | null }> = [];
let fetched = false;
let started = false;

/** The place of `node` under the root: the index of each ancestor among its parent's elements. */
function pathOf(node: Element): number[] | null {
  const path: number[] = [];
  for (let at: Element | null = node; at && at !== root; at = at.parentElement) {
    if (!at.parentElement) return null;
    path.unshift(Array.prototype.indexOf.call(at.parentElement.children, at));
  }
  return path;
}

function find(path: number[]): Element | null {
  let at: Element | null = root;
  for (const index of path) at = at?.children[index] ?? null;
  return at;
}

/** The app's files, which the server names in the root's data-app attribute: its entry first, then the modules it preloads. */
function appFiles(): string[] {
  return (root.dataset.app ?? "").split(" ").filter(Boolean);
}

/** Fetches the app's files into the cache without running them (the same files every later page loads). */
function fetchApp(): void {
  if (fetched) return;
  fetched = true;
  for (const href of appFiles()) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
}

/** Runs the app (once). */
function startApp(): void {
  if (started) return;
  started = true;
  fetchApp();
  const [entry] = appFiles();
  if (entry) void import(/* @vite-ignore */ entry);
}

/** A form field: what is typed or chosen in it stays (the app takes the markup over as it is). */
const FIELD = "input, textarea, select, [contenteditable]";

function holdClick(event: MouseEvent): void {
  const element = event.target instanceof Element ? event.target : null;
  if (!element || element.closest(FIELD)) return;
  const target = element.closest("a[href], button, [role=button], summary");
  if (!target || !root.contains(target)) return;
  event.preventDefault();
  event.stopPropagation();
  const path = pathOf(target);
  if (path) held.push({ type: "click", path });
  startApp();
}

function holdKey(event: KeyboardEvent): void {
  // Tab moves the focus through the page as it is; typing in a field stays there (and Enter's
  // submission clicks the form's button, which holdClick holds).
  if (event.key === "Tab" || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof Element && event.target.closest(FIELD)) return;
  const focused = document.activeElement instanceof Element && root.contains(document.activeElement) ? pathOf(document.activeElement) : null;
  if ((event.key === "Enter" || event.key === " ") && focused && focused.length > 0) {
    // A link or button activated from the keyboard: its click, once the app is there.
    event.preventDefault();
    held.push({ type: "click", path: focused });
  } else held.push({ type: "key", key: event.key, code: event.code, path: focused });
  startApp();
}

/**
 * A form that keeps a draft for the tab (`data-draft`: the signup's account form) shows it and keeps
 * what is typed into it before the app runs, as the app's form does (signupDraft.ts): a reload loses
 * nothing. Never the password. The app takes the fields over with what they hold.
 */
function showDrafts(): void {
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-draft]")) {
    for (const [name, value] of Object.entries(readDraft<Record<string, unknown>>(form.dataset.draft ?? ""))) {
      const field = form.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value === "" && typeof value === "string") field.value = value;
    }
  }
}

/** Keeps the form's draft as it is typed (until the app's form does). */
function keepDraft(event: Event): void {
  const field = event.target instanceof Element ? event.target : null;
  const form = field?.closest("form[data-draft]");
  if (!(form instanceof HTMLFormElement) || !form.dataset.draft) return;
  const typed = [...new FormData(form)].filter(([name, value]) => name !== "password" && typeof value === "string");
  saveDraft(form.dataset.draft, { ...readDraft(form.dataset.draft), ...Object.fromEntries(typed) });
}

showDrafts();
document.addEventListener("input", keepDraft, true);
document.addEventListener("click", holdClick, true);
document.addEventListener("keydown", holdKey, true);
// A finger or a pointer coming down starts the app before its click arrives; so does a field taking
// the focus (what is typed there stays: the app takes the markup over as it is).
document.addEventListener("pointerdown", startApp, { capture: true, passive: true });
document.addEventListener("touchstart", startApp, { capture: true, passive: true });
document.addEventListener("focusin", startApp, true);
// The visit is counted when the page is left, app or not.
startPageHiddenBeacon();
window.addEventListener(
  "amoria:app-ready",
  () => {
    document.removeEventListener("input", keepDraft, true);
    document.removeEventListener("click", holdClick, true);
    document.removeEventListener("keydown", holdKey, true);
    document.removeEventListener("pointerdown", startApp, true);
    document.removeEventListener("touchstart", startApp, true);
    document.removeEventListener("focusin", startApp, true);
    for (const event of held.splice(0)) {
      if (event.type === "click") (find(event.path) as HTMLElement | null)?.click();
      else {
        const target = (event.path && (find(event.path) as HTMLElement | null)) || document.body;
        target.focus?.();
        target.dispatchEvent(new KeyboardEvent("keydown", { key: event.key, code: event.code, bubbles: true, cancelable: true }));
        target.dispatchEvent(new KeyboardEvent("keyup", { key: event.key, code: event.code, bubbles: true, cancelable: true }));
      }
    }
  },
  { once: true },
);

/** Once the page has painted and loaded its pictures (the browser is free then). */
function loaded(): void {
  if (root.querySelector("[data-moves]") || root.dataset.start === "loaded") startApp();
  else fetchApp();
}
if (document.readyState === "complete") setTimeout(loaded, 0);
else window.addEventListener("load", () => setTimeout(loaded, 0), { once: true });

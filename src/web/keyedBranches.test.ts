import { globSync, readFileSync, writeFileSync } from "node:fs";
import { parseAst } from "rolldown/parseAst";
import { describe, expect, it } from "vitest";

// The app runs on Preact (scripts/preactAliases.ts). Where a choice between two element types sits
// among siblings (`{loading ? <Spinner /> : <Row>…</Row>}` followed by another <Row>), Preact, unlike
// React, matches the new element with a sibling of the same type and key elsewhere in the list: the
// sibling is rebuilt, and a form in it loses what the member typed (the profile's e-mail change form
// did). Keyed branches cannot be matched that way: such a choice keys its elements.

type Node = { type: string; start: number; [field: string]: unknown };

const nameOf = (n: Node): string =>
  n.type === "JSXIdentifier" ? (n.name as string) : n.type === "JSXMemberExpression" ? `${nameOf(n.object as Node)}.${nameOf(n.property as Node)}` : "?";
const unwrap = (n: Node): Node => (n.type === "ParenthesizedExpression" ? unwrap(n.expression as Node) : n);
const isKeyed = (n: Node): boolean =>
  ((n.openingElement as { attributes: Node[] }).attributes ?? []).some((a) => a.type === "JSXAttribute" && nameOf(a.name as Node) === "key");

/** The unkeyed elements a child can put at its place: itself, or the branches of its choices. */
function unkeyedElements(child: Node, out: Node[] = []): Node[] {
  const n = unwrap(child.type === "JSXExpressionContainer" ? (child.expression as Node) : child);
  if (n.type === "ConditionalExpression") {
    unkeyedElements(n.consequent as Node, out);
    unkeyedElements(n.alternate as Node, out);
  } else if (n.type === "LogicalExpression") unkeyedElements(n.right as Node, out);
  else if (n.type === "JSXElement" && !isKeyed(n)) out.push(n);
  return out;
}
const typeOf = (element: Node) => nameOf((element.openingElement as { name: Node }).name);

/** Choices between element types whose unkeyed branches share a type with a sibling: "file:line <Type>". */
function unsafeChoices(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const n = node as Node;
    if ((n.type === "JSXElement" || n.type === "JSXFragment") && Array.isArray(n.children)) {
      const children = (n.children as Node[]).filter(
        (c) => c.type !== "JSXText" && !(c.type === "JSXExpressionContainer" && (c.expression as Node).type === "JSXEmptyExpression"),
      );
      children.forEach((child, i) => {
        if (child.type !== "JSXExpressionContainer" || unwrap(child.expression as Node).type !== "ConditionalExpression") return;
        const types = new Set(unkeyedElements(child).map(typeOf));
        if (types.size < 2) return;
        const siblings = new Set(children.flatMap((other, j) => (j === i ? [] : unkeyedElements(other).map(typeOf))));
        for (const type of types) if (siblings.has(type)) found.push(`${file}:${source.slice(0, child.start).split("\n").length} <${type}>`);
      });
    }
    for (const value of Object.values(n)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === "object") visit(value);
    }
  };
  visit(parseAst(source, { lang: "tsx" }, file));
  return found;
}

describe("choices between element types among siblings", () => {
  it("key their elements, so that Preact cannot rebuild a sibling in their place", () => {
    const files = globSync("src/web/**/*.tsx").filter((f) => !f.endsWith(".test.tsx"));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(unsafeChoices)).toEqual([]);
  });

  it("finds the profile page's old spinner-or-row before its settings row", () => {
    const file = "src/web/pages/ProfilePage.tsx";
    const unkeyed = readFileSync(file, "utf8").replace(/ key="[^"]*"/g, "");
    const copy = `${process.env.TMPDIR ?? "/tmp"}/ProfilePage.unkeyed.tsx`;
    writeFileSync(copy, unkeyed);
    expect(unsafeChoices(copy)).toContainEqual(expect.stringMatching(/<Row>$/));
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// The product is src/: what it runs (the server, its production bundle, the client) must not reach
// into the repository's tooling, which the production image does not need to make sense of.

const root = join(import.meta.dirname, "../..");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("what the product imports", () => {
  it("imports nothing from scripts/, bench/ or tests/", () => {
    const outside = /(?:from\s+|import\s*\(\s*)["'](?:\.\.\/)+(scripts|bench|tests)\//;
    const found = sourceFiles(join(root, "src")).filter((file) => outside.test(readFileSync(file, "utf8")));
    expect(found.map((file) => relative(root, file))).toEqual([]);
  });
});

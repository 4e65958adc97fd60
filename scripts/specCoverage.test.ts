import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { missingReferences, references, testNames } from "./specCoverage";

const ROOT = join(import.meta.dirname, "..");
const DOC = "docs/spec-coverage.md";

describe("spec coverage table", () => {
  it("reads test names as written: quotes, escapes and templates", () => {
    const templateName = ["takes $", "{LIMIT} an hour"].join("");
    const source = [
      `it("shows the 46% claim", () => {});`,
      `  test('says "no" to a visitor\\'s call', async () => {});`,
      `it(\`${templateName}\`, () => {});`,
      `it.skip("is skipped but still named", () => {});`,
      `const split = items.split("x"); // not a test`,
    ].join("\n");
    expect(testNames(source)).toEqual(["shows the 46% claim", `says "no" to a visitor's call`, templateName, "is skipped but still named"]);
  });

  it("reads every reference of a row, with its line", () => {
    const doc = "| §1 | rule | `a.test.ts` › `one` <br> `b.test.ts` › `two \\| three` |\n| §2 | other | `c.test.ts` › `four` |";
    expect(references(doc)).toEqual([
      { file: "a.test.ts", name: "one", line: 1 },
      { file: "b.test.ts", name: "two | three", line: 1 },
      { file: "c.test.ts", name: "four", line: 2 },
    ]);
  });

  it("names only tests that exist", () => {
    expect(missingReferences(ROOT, DOC)).toEqual([]);
  });

  it("gives every requirement row a test or a written reason", () => {
    const rows = readFileSync(join(ROOT, DOC), "utf8")
      .split("\n")
      .filter((line) => /^\| (§|G|P|D)\d/.test(line));
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) expect(references(row).length > 0 || row.includes("Not tested:"), row).toBe(true);
  });

  it("keeps a row for every item of the issue-21 audit: 43 untested, 5 partial, 7 deviations", () => {
    const gaps = new Set(
      readFileSync(join(ROOT, DOC), "utf8")
        .split("\n")
        .filter((line) => line.startsWith("| §"))
        .flatMap(
          (line) =>
            line
              .replace(/\|\s*$/, "")
              .split("|")
              .at(-1)
              ?.match(/[UPD]\d+/g) ?? [],
        ),
    );
    const audit = [
      ...Array.from({ length: 43 }, (_, i) => `U${i + 1}`),
      ...Array.from({ length: 5 }, (_, i) => `P${i + 1}`),
      ...Array.from({ length: 7 }, (_, i) => `D${i + 1}`),
    ];
    expect(audit.filter((id) => !gaps.has(id))).toEqual([]);
  });
});

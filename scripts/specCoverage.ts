import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

// docs/spec-coverage.md names, for each requirement of the spec, the tests that prove it as
// `path/to/file.test.ts` › `test name`. scripts/specCoverage.test.ts checks that every named test
// still exists, so that renaming or deleting one shows up in CI instead of leaving a rule unguarded.

/** One test the coverage table names. */
export interface TestReference {
  file: string;
  name: string;
  /** 1-based line of the table that names it. */
  line: number;
}

const REFERENCE = /`([\w./-]+\.test\.tsx?)` › `([^`]+)`/g;

/** Every `file` › `name` pair in the coverage document, with its line. */
export function references(markdown: string): TestReference[] {
  const found: TestReference[] = [];
  markdown.split("\n").forEach((text, index) => {
    for (const match of text.matchAll(REFERENCE)) found.push({ file: match[1], name: match[2].replaceAll("\\|", "|"), line: index + 1 });
  });
  return found;
}

const TEST_CALL = /\b(?:it|test)(?:\.(?:only|skip|todo|concurrent|sequential|fails))*\(\s*(["'`])/g;

/**
 * The names of the tests in a test file: the first argument of each it(…) and test(…) call when it
 * is a string literal, unescaped; a template literal's name is kept as written, `${…}` included.
 */
export function testNames(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(TEST_CALL)) {
    const quote = match[1];
    let name = "";
    for (let i = (match.index ?? 0) + match[0].length; i < source.length; i++) {
      const c = source[i];
      if (c === "\\") {
        name += source[i + 1] ?? "";
        i++;
      } else if (c === quote) {
        names.push(name);
        break;
      } else if (c === "\n" && quote !== "`") {
        break;
      } else {
        name += c;
      }
    }
  }
  return names;
}

/** The references of the document at root/docPath whose file or test no longer exists, as messages. */
export function missingReferences(root: string, docPath: string): string[] {
  const namesByFile = new Map<string, Set<string> | null>();
  const problems: string[] = [];
  for (const ref of references(readFileSync(join(root, docPath), "utf8"))) {
    if (!namesByFile.has(ref.file)) {
      const path = join(root, ref.file);
      namesByFile.set(ref.file, existsSync(path) ? new Set(testNames(readFileSync(path, "utf8"))) : null);
    }
    const names = namesByFile.get(ref.file);
    if (!names) problems.push(`${docPath}:${ref.line}: no test file ${ref.file}`);
    else if (!names.has(ref.name)) problems.push(`${docPath}:${ref.line}: no test "${ref.name}" in ${ref.file}`);
  }
  return problems;
}

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Who may see whom is decided in one place, the access module (features/members/access*.ts): the
// blocks table, invisible mode, the profile status that lists and checks test, and bans and
// suspensions are read there and nowhere else. Every other file calls its fragments and checks, so
// that a rule cannot be written twice and drift. The schema and the migrations define the tables.

const root = join(import.meta.dirname, "../..");

/** Files that may name the tables and columns of the rules. */
const allowed = [/^src\/server\/features\/members\/access[A-Za-z]*\.ts$/, /^src\/server\/db\/schema\//, /^src\/server\/db\/migrations\//];

/** What reading the blocks table or a visibility column looks like, in Drizzle or in SQL text. */
const accessReads: Array<{ what: string; pattern: RegExp }> = [
  { what: "the blocks table (SQL)", pattern: /\b(?:from|join|into|update)\s+"?blocks"?(?=[\s"`)]|$)/i },
  {
    what: "the blocks table (Drizzle)",
    pattern: /\.(?:from|insert|update|delete|innerJoin|leftJoin)\(\s*blocks\s*\)|\bblocks\.(?:blockerId|blockedId|createdAt)\b/,
  },
  { what: "a column of blocks", pattern: /\bblock(?:er|ed)_id\b/ },
  { what: "invisible mode (Drizzle)", pattern: /\bprofiles\.invisible\b/ },
  { what: "invisible mode (SQL)", pattern: /\bNOT\s+(?:"?\w+"?\.)?"?invisible\b|(?<![\w.])p\.invisible\b/i },
  { what: "the profile status as a rule", pattern: /\bstatus"?\s*(?:=|<>|!=)\s*'(?:enabled|disabled)'|\beq\(\s*profiles\.status\b|\$\{profiles\.status\}/ },
  { what: "bans and suspensions", pattern: /\bmember_restrictions\b|\bmemberRestrictions\b/ },
];

/** The source files of the app and its scripts (tests build their own facts and are left out; bench/ measures hand-written SQL). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The code of a file without its comments (whole-line `//` and JSDoc lines), which may talk about the rules. */
const codeOf = (text: string) =>
  text
    .split("\n")
    .map((line) => (/^\s*(?:\/\/|\/\*|\*)/.test(line) ? "" : line))
    .join("\n");

/** Every place outside the access module that reads what only it may read, as "file:line what". */
function accessReadsOutsideModule(base: string): string[] {
  const found: string[] = [];
  for (const file of [...sourceFiles(join(base, "src")), ...sourceFiles(join(base, "scripts"))]) {
    const name = relative(base, file).split("\\").join("/");
    if (allowed.some((a) => a.test(name))) continue;
    codeOf(readFileSync(file, "utf8"))
      .split("\n")
      .forEach((line, index) => {
        for (const { what, pattern } of accessReads) if (pattern.test(line)) found.push(`${name}:${index + 1} ${what}`);
      });
  }
  return found;
}

describe("the access module", () => {
  it("is the only place that reads the blocks table, invisible mode, the profile status as a rule, and bans", () => {
    expect(accessReadsOutsideModule(root)).toEqual([]);
  });

  it("recognises each kind of read it forbids", () => {
    const reads = [
      "sql`NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $1)`",
      "db.select().from(blocks).where(eq(blocks.blockerId, me))",
      "JOIN profiles p ON p.id = x AND p.status = 'enabled'",
      'and(eq(profiles.status, "enabled"), not(profiles.invisible))',
      "WHERE NOT p.invisible",
      "EXISTS (SELECT 1 FROM member_restrictions r WHERE r.user_id = u.id)",
    ];
    for (const read of reads)
      expect(
        accessReads.some(({ pattern }) => pattern.test(read)),
        read,
      ).toBe(true);
    // What the rules leave to others: the member's own setting, a console showing the status, a list cache named blocks.
    const allowedReads = [
      "invisible: record.profile.invisible,",
      "status: profiles.status,",
      "const { blocks, versions } = await conversationVersions(db, me, 10);",
    ];
    for (const read of allowedReads)
      expect(
        accessReads.some(({ pattern }) => pattern.test(read)),
        read,
      ).toBe(false);
  });
});

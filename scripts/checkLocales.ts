// Every text key exists in all 11 locales, with the same placeholders, and nothing is left empty.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES } from "../src/common/locales";

const dir = join(import.meta.dirname, "../src/web/i18n/locales");
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort().join(",");
/** Languages such as Polish have more plural forms than English (`_few`, `_many`): allowed where English has the word's `_other`. */
const isExtraPluralForm = (key: string) => {
  const match = /^(.*)_(zero|two|few|many)$/.exec(key);
  return match !== null && en.has(`${match[1]}_other`);
};
const load = (lng: string) => flatten(JSON.parse(readFileSync(join(dir, `${lng}.json`), "utf8")) as Tree);

const en = load("en");
const problems: string[] = [];
for (const lng of LANGUAGES) {
  const texts = load(lng);
  for (const [key, text] of en) {
    const translated = texts.get(key);
    if (translated === undefined) problems.push(`${lng}: missing ${key}`);
    else if (!translated.trim()) problems.push(`${lng}: empty ${key}`);
    else if (placeholders(translated) !== placeholders(text)) problems.push(`${lng}: placeholders of ${key} differ from English`);
  }
  for (const key of texts.keys()) if (!en.has(key) && !isExtraPluralForm(key)) problems.push(`${lng}: unknown key ${key}`);
}
if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} locale problem(s).`);
  process.exit(1);
}
console.log(`locales: ${en.size} keys in ${LANGUAGES.length} languages, all present.`);

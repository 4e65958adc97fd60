// Every text key exists in all 11 locales, with the same placeholders, and nothing is left empty.
import { existsSync, readFileSync } from "node:fs";
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

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(",");
/** Languages such as Polish have more plural forms than English (`_few`, `_many`): allowed where English has the word's `_other`. */
const isExtraPluralForm = (en: Map<string, string>, key: string) => {
  const match = /^(.*)_(zero|two|few|many)$/.exec(key);
  return match !== null && en.has(`${match[1]}_other`);
};

/** The problems of one set of texts: the app's texts (locales/) or the legal pages' (legal/, loaded only there). */
function check(folder: string): { problems: string[]; keys: number } {
  const load = (lng: string) => {
    const file = join(dir, "..", folder, `${lng}.json`);
    if (!existsSync(file)) return null;
    return flatten(JSON.parse(readFileSync(file, "utf8")) as Tree);
  };
  const en = load("en") ?? new Map<string, string>();
  const problems: string[] = [];
  for (const lng of LANGUAGES) {
    const texts = load(lng);
    if (!texts) {
      problems.push(`${folder}/${lng}.json: missing file`);
      continue;
    }
    for (const [key, text] of en) {
      const translated = texts.get(key);
      if (translated === undefined) problems.push(`${folder}/${lng}: missing ${key}`);
      else if (!translated.trim()) problems.push(`${folder}/${lng}: empty ${key}`);
      else if (placeholders(translated) !== placeholders(text)) problems.push(`${folder}/${lng}: placeholders of ${key} differ from English`);
    }
    for (const key of texts.keys()) if (!en.has(key) && !isExtraPluralForm(en, key)) problems.push(`${folder}/${lng}: unknown key ${key}`);
  }
  return { problems, keys: en.size };
}

const app = check("locales");
const legal = check("legal");
// The operators' console: its own namespace, loaded only with the console.
const consoleTexts = check("console");
const problems = [...app.problems, ...legal.problems, ...consoleTexts.problems];
if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} locale problem(s).`);
  process.exit(1);
}
console.log(`locales: ${app.keys} keys, ${legal.keys} legal-page keys and ${consoleTexts.keys} console keys in ${LANGUAGES.length} languages, all present.`);

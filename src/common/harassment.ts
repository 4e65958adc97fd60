// Harassment nudges (issue 22): whether a chat message looks insulting or sexual. One rule for the
// client (which asks the sender "Are you sure?" before sending) and the server (which stores the flag
// with the message, so its recipient is asked "Does this bother you?").
//
// The words are the community-written lists "List of Dirty, Naughty, Obscene and Otherwise Bad Words"
// (LDNOOBW, npm package naughty-words, CC BY 4.0), written per language by people who speak it; its
// Norwegian list ("no") serves Bokmål. Those lists were written to keep such words out of search
// suggestions, so they also hold ordinary words ("schatje", "muna", "regina") and mild exclamations
// ("fan", "hitto"): EXCLUDED takes those out here, and the words that are ordinary in another of the
// site's languages ("bitte", "mutta", "olla"), since a member does not always write in their own.

import da from "naughty-words/da.json" with { type: "json" };
import de from "naughty-words/de.json" with { type: "json" };
import en from "naughty-words/en.json" with { type: "json" };
import es from "naughty-words/es.json" with { type: "json" };
import fi from "naughty-words/fi.json" with { type: "json" };
import fr from "naughty-words/fr.json" with { type: "json" };
import it from "naughty-words/it.json" with { type: "json" };
import nl from "naughty-words/nl.json" with { type: "json" };
import nb from "naughty-words/no.json" with { type: "json" };
import pl from "naughty-words/pl.json" with { type: "json" };
import sv from "naughty-words/sv.json" with { type: "json" };
import { foldText, hiddenWordKey, wordsOf } from "./hiddenWords";
import { isLanguage, type Language, languageFromDomainLanguage } from "./locales";

const LISTS: Record<Language, readonly string[]> = { da, de, en, es, fi, fr, it, nb, nl, pl, sv };

/**
 * Entries of the lists that are not insults or sexual talk in a message between members: ordinary
 * words with another everyday meaning, mild exclamations aimed at nobody, words that are ordinary in
 * another of the site's languages, and topics that are neither (drugs, violence).
 */
const EXCLUDED: Record<Language, readonly string[]> = {
  da: [],
  de: ["bonze", "kimme", "lümmel", "mufti", "pinkeln", "popel", "rosette"],
  en: [
    "big black",
    "domination",
    "escort",
    "girl on",
    "hard core",
    "hardcore",
    "how to kill",
    "how to murder",
    "lolita",
    "poof",
    "santorum",
    "scat",
    "skeet",
    "snatch",
    "spunk",
    "suck",
    "sucks",
    "taste my",
    "tied up",
    "tight white",
    "tongue in a",
    "twinkie",
    "xx",
  ],
  es: [
    "asesinato",
    "concha",
    "drogas",
    "fiesta de salchichas",
    "haciendo el amor",
    "heroína",
    "infierno",
    "maciza",
    "martillo",
    "nazi",
    "pinche",
    "racista",
    "travesti",
    "trio",
  ],
  fi: [
    "haahka",
    "hatullinen",
    "hitosti",
    "hitto",
    "jätkä",
    "muna",
    "naida",
    "palli",
    "paljaalla",
    "panna",
    "pano",
    "pantava",
    "pehko",
    "pentele",
    "pipari",
    "piru",
    "pistää",
    "reikä",
    "suklaaosasto",
    "tavara",
    "tuhkaluukku",
    "viiksi",
  ],
  fr: ["baiser", "bitte", "bordel", "bourré", "bourrée", "folle", "gerbe", "gerber", "jouir", "meuf", "pédale", "péter", "pipi", "tanche"],
  it: [
    "bagnarsi",
    "battere",
    "biga",
    "brinca",
    "cadavere",
    "casci",
    "cozza",
    "fava",
    "ingoio",
    "mannaggia",
    "mona",
    "monta",
    "montare",
    "nave scuola",
    "patacca",
    "pesce",
    "pippa",
    "pompa",
    "quaglia",
    "regina",
    "sbattere",
    "sega",
    "spagnola",
    "tirare",
    "vangare",
    "zio cantante",
  ],
  nb: ["fan", "fanken", "forbanna", "forbannet", "pokker", "satan", "sinnsykt"],
  nl: [
    "aardappels afgieten",
    "anita",
    "asbak",
    "balen",
    "bedonderen",
    "bekken",
    "belazeren",
    "beurt",
    "boemelen",
    "broekhoesten",
    "brugpieper",
    "buffelen",
    "de ballen",
    "de hond uitlaten",
    "de koffer induiken",
    "de pijp uitgaan",
    "driehoog achter wonen",
    "gadverdamme",
    "gat",
    "gedoogzone",
    "graftak",
    "gras maaien",
    "griet",
    "hol",
    "huisdealer",
    "johny",
    "kanen",
    "klooien",
    "knor",
    "kwakkie",
    "matje",
    "muts",
    "nicht",
    "paal",
    "palen",
    "penoze",
    "piesen",
    "poot",
    "pot",
    "potverdorie",
    "publiciteitsgeil",
    "raaskallen",
    "remsporen",
    "reutelen",
    "schatje",
    "slempen",
    "spuiten",
    "standje",
    "stootje",
    "toeter",
    "vergallen",
    "welzijnsmafia",
    "zeiken",
    "zuigen",
    "zuiplap",
  ],
  pl: ["dmuchać", "duperele", "jajko", "pierdzieć", "syf"],
  sv: ["brutta", "fan", "hård", "mutta", "olla", "pippa", "pitt", "prutt", "satan", "stake", "sås", "sätta på", "tusan"],
};

/** A letter stretched for emphasis or to slip past a filter: the same letter three times or more. */
const STRETCHED = /(\p{L})\1{2,}/u;
/** Every run of one letter as one letter ("fuuuck" and "fuck" alike). */
const squeeze = (word: string) => word.replace(/(\p{L})\1+/gu, "$1");

/** Digits and signs written for letters ("sh1t", "@ss", "b!tch"), read only inside a word that has letters. */
const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "@": "a", $: "s", "!": "i", "€": "e" };
const LEET_SIGNS = /[0134578@$!€]/g;

interface WordList {
  /** Entries of one word, folded. */
  words: Set<string>;
  /** Entries of one word, squeezed: what a stretched word is compared with. */
  squeezed: Set<string>;
  /** Entries of several words, folded, one space apart. */
  phrases: string[];
}

const compiled = new Map<Language, WordList>();

function listOf(language: Language): WordList {
  let list = compiled.get(language);
  if (!list) {
    const excluded = new Set(EXCLUDED[language].map(hiddenWordKey));
    const keys = [...new Set(LISTS[language].map(hiddenWordKey))].filter((key) => key !== "" && !excluded.has(key));
    const words = keys.filter((key) => !key.includes(" "));
    list = { words: new Set(words), squeezed: new Set(words.map(squeeze)), phrases: keys.filter((key) => key.includes(" ")) };
    compiled.set(language, list);
  }
  return list;
}

/**
 * The ways a text can be read, each as its folded words: as written; with digits and signs inside words
 * read as letters; and each with letters written apart ("f u c k", "f.u.c.k", three or more) joined.
 */
function readingsOf(text: string): string[][] {
  const leet = text
    .split(/\s+/)
    .map((token) => {
      // Signs that end a sentence ("shit!") stay signs; a token without a letter (a price, a year) stays as it is.
      const body = token.replace(/[!?.,;:]+$/, "");
      return /\p{L}/u.test(body) ? body.replace(LEET_SIGNS, (c) => LEET[c]) + token.slice(body.length) : token;
    })
    .join(" ");
  const readings = [wordsOf(text), ...(leet === text ? [] : [wordsOf(leet)])];
  const all = [...readings, ...readings.map(joinSpelledOut)].map((words) => ({ words, key: words.join(" ") }));
  return all.filter(({ key }, i) => all.findIndex((r) => r.key === key) === i).map(({ words }) => words);
}

/** Runs of three or more one-letter words joined into one word ("f u c k" as "fuck"). */
function joinSpelledOut(words: string[]): string[] {
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 3) out.push(run.join(""));
    else out.push(...run);
    run = [];
  };
  for (const word of words) {
    if (word.length === 1) run.push(word);
    else {
      flush();
      out.push(word);
    }
  }
  flush();
  return out;
}

/** A word written with stars for letters ("f*ck", "sh**"): a pattern of its folded letters, or null. */
function starredPattern(token: string): RegExp | null {
  const body = token.replace(/^[^\p{L}*]+|[^\p{L}*]+$/gu, "");
  if (!body.includes("*") || !/^[\p{L}*]+$/u.test(body) || !/\p{L}/u.test(body) || body.length < 3) return null;
  const folded = foldText(body).replace(/[^\p{L}*]/gu, "");
  return new RegExp(`^${folded.replaceAll("*", "\\p{L}")}$`, "u");
}

/**
 * The entries of the languages' lists a text holds, as whole words, whatever their case and accents,
 * and written around a filter: stretched letters ("fuuuck"), digits and signs for letters ("sh1t",
 * "@ss"), letters written apart ("f u c k") and stars for letters ("f*ck"). Empty when it holds none.
 */
export function harassmentHits(text: string, languages: readonly Language[]): string[] {
  const hits = new Set<string>();
  const readings = readingsOf(text).map((words) => ({ words, joined: ` ${words.join(" ")} ` }));
  const starred = text
    .split(/\s+/)
    .map(starredPattern)
    .filter((p): p is RegExp => p !== null);
  for (const language of new Set(languages)) {
    const list = listOf(language);
    for (const { words, joined } of readings) {
      for (const word of words) {
        if (list.words.has(word)) hits.add(word);
        else if (STRETCHED.test(word) && list.squeezed.has(squeeze(word))) hits.add(word);
      }
      for (const phrase of list.phrases) if (joined.includes(` ${phrase} `)) hits.add(phrase);
    }
    for (const pattern of starred) for (const word of list.words) if (pattern.test(word)) hits.add(word);
  }
  return [...hits];
}

/** Whether a text looks insulting or sexual in one of the languages (harassmentHits). */
export function looksHarassing(text: string, languages: readonly Language[]): boolean {
  return harassmentHits(text, languages).length > 0;
}

/**
 * The languages a message is checked in: the sender's (the language they use the site in) and the
 * site's (its `domain_language` such as "de_DE", when it has one of ours). Not every language: a word
 * that is rude in one is often ordinary in another ("fan", "con", "bitte").
 */
export function harassmentLanguages(senderLanguage: string, domainLanguage: string | null | undefined): Language[] {
  const site = languageFromDomainLanguage(domainLanguage);
  return [...new Set([senderLanguage, ...(site ? [site] : [])].filter(isLanguage))];
}

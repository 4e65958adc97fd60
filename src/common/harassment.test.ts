import { describe, expect, it } from "vitest";
import { harassmentHits, harassmentLanguages, looksHarassing } from "./harassment";
import { LANGUAGES, type Language } from "./locales";

/** Per language: messages a member could get that are insulting or sexual, and ordinary ones. */
const EXAMPLES: Record<Language, { rude: string[]; fine: string[] }> = {
  da: { rude: ["Du er en luder", "Hold kæft, dit røvhul!"], fine: ["Hej, hvordan går det?", "Skal vi drikke en kop kaffe i Pisa?"] },
  de: {
    rude: ["Du bist eine Schlampe", "Was für ein Arschloch", "Zeig mir deine Titten"],
    fine: ["Hallo, bitte schreib mir", "Ich mache gerade eine Analyse", "Magst du Dickens?", "Die Rosette am Dom ist schön"],
  },
  en: {
    rude: ["You are such a bitch", "send me nudes, slut", "nice tits"],
    fine: ["I grew up in Scunthorpe", "I teach a class on Dickens", "Do you like cocktails?", "Big fan of hiking, xx", "I'm tied up at work"],
  },
  es: { rude: ["Eres una puta", "Qué gilipollas eres", "hijo de puta"], fine: ["Hola, ¿quedamos para un café con leche?", "Me encanta el trío de jazz"] },
  fi: {
    rude: ["Haista vittu", "Olet lutka", "senkin kusipää"],
    fine: ["Moi, mutta olla kotona on kivaa", "Syön munan ja piparin aamulla", "Panna kirja hyllyyn"],
  },
  fr: { rude: ["Tu es une salope", "Quel connard", "nique ta mère"], fine: ["Bonjour, un baiser de Paris", "Ma pédale de vélo est cassée"] },
  it: { rude: ["Sei una troia", "vaffanculo", "che stronzo"], fine: ["Ciao, mi piace il pesce", "La regina delle feste", "Una fava e una cozza"] },
  nb: { rude: ["Du er en hore? Nei: din jævla fitte", "drittsekk"], fine: ["Hei, jeg er en stor fan av fjellturer", "Det var sinnsykt gøy"] },
  nl: {
    rude: ["Je bent een hoer", "wat een klootzak", "kankerlijer? nee: teringlijer"],
    fine: ["Hoi schatje, zin in een kopje koffie?", "Mijn nicht woont in Gouda"],
  },
  pl: { rude: ["Jesteś dziwką", "spierdalaj? nie: ty kurwa", "skurwysyn"], fine: ["Cześć, jem jajko na śniadanie", "Lubię klasę i Dickensa"] },
  sv: { rude: ["Du är en subba", "jävlar vad du är ful, knulla mig"], fine: ["Hej, jag är ett stort fan av sås", "Det var hård konkurrens"] },
};

describe("harassment nudges: the rule", () => {
  for (const language of LANGUAGES) {
    it(`finds insults and sexual words in ${language}, and leaves ordinary messages alone`, () => {
      for (const text of EXAMPLES[language].rude) expect(harassmentHits(text, [language]), text).not.toEqual([]);
      for (const text of EXAMPLES[language].fine) expect(harassmentHits(text, [language]), text).toEqual([]);
    });
  }

  it("has a word list of its own for every language", () => {
    // A language checked against nothing would never nudge: every list holds words.
    for (const language of LANGUAGES) expect(looksHarassing(EXAMPLES[language].rude[0], [language]), language).toBe(true);
  });

  it("matches whole words only, whatever the case and accents", () => {
    expect(looksHarassing("Scunthorpe", ["en"])).toBe(false);
    expect(looksHarassing("first class", ["en"])).toBe(false);
    expect(looksHarassing("Analyse", ["de", "en"])).toBe(false);
    expect(looksHarassing("Dickens", ["en"])).toBe(false);
    expect(looksHarassing("Cocktails and assassins", ["en"])).toBe(false);
    expect(looksHarassing("What a DICK", ["en"])).toBe(true);
    expect(looksHarassing("du Hurensohn!", ["de"])).toBe(true);
    expect(looksHarassing("Scheisse", ["de"])).toBe(true);
    expect(looksHarassing("SCHEIẞE", ["de"])).toBe(true);
    expect(looksHarassing("gowno", ["pl"])).toBe(true);
    expect(looksHarassing("Gówno", ["pl"])).toBe(true);
    expect(looksHarassing("rovhul", ["da"])).toBe(true);
  });

  it("sees through stretched letters, digits for letters, letters written apart and stars", () => {
    expect(looksHarassing("fuuuuck you", ["en"])).toBe(true);
    expect(looksHarassing("sh1t", ["en"])).toBe(true);
    expect(looksHarassing("b!tch", ["en"])).toBe(true);
    expect(looksHarassing("you @sshole", ["en"])).toBe(true);
    expect(looksHarassing("f u c k", ["en"])).toBe(true);
    expect(looksHarassing("f.u.c.k off", ["en"])).toBe(true);
    expect(looksHarassing("what a c*nt", ["en"])).toBe(true);
    expect(looksHarassing("kuuurwa", ["pl"])).toBe(true);
    expect(looksHarassing("schl4mpe", ["de"])).toBe(true);
    expect(looksHarassing("p.u.t.a", ["es"])).toBe(true);
  });

  it("does not read ordinary text as obfuscated", () => {
    // A stretched word that is ordinary, a price, a year, a sentence ending in "!" and single letters.
    expect(looksHarassing("Sooo nice!!! See you at 7, costs $15 in 2024", ["en"])).toBe(false);
    expect(looksHarassing("as", ["en"])).toBe(false);
    expect(looksHarassing("Plan A or B?", ["en"])).toBe(false);
    expect(looksHarassing("I'm a big fan!", ["en", "sv", "nb"])).toBe(false);
    expect(looksHarassing("Ich warte, bitte!", ["de", "fr"])).toBe(false);
  });

  it("checks only the languages asked for", () => {
    expect(looksHarassing("Du bist ein Wichser", ["en"])).toBe(false);
    expect(looksHarassing("Du bist ein Wichser", ["en", "de"])).toBe(true);
  });

  it("checks the sender's language and the site's", () => {
    expect(harassmentLanguages("de", "nl_NL")).toEqual(["de", "nl"]);
    expect(harassmentLanguages("de", "de_DE")).toEqual(["de"]);
    expect(harassmentLanguages("pl", "xx_XX")).toEqual(["pl"]);
    expect(harassmentLanguages("pl", null)).toEqual(["pl"]);
    expect(harassmentLanguages("xx", "en")).toEqual(["en"]);
    expect(harassmentLanguages("fr", "nb_NO")).toEqual(["fr", "nb"]);
  });
});

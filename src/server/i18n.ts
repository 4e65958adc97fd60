import { createInstance, type TFunction } from "i18next";
import { LANGUAGES, type Language } from "../common/locales";
import da from "../web/i18n/locales/da.json";
import de from "../web/i18n/locales/de.json";
import en from "../web/i18n/locales/en.json";
import es from "../web/i18n/locales/es.json";
import fi from "../web/i18n/locales/fi.json";
import fr from "../web/i18n/locales/fr.json";
import it from "../web/i18n/locales/it.json";
import nb from "../web/i18n/locales/nb.json";
import nl from "../web/i18n/locales/nl.json";
import pl from "../web/i18n/locales/pl.json";
import sv from "../web/i18n/locales/sv.json";

// The server speaks the same texts as the client (errors, e-mails): one set of locale files.

const resources = { da, de, en, es, fi, fr, it, nb, nl, pl, sv };

const i18n = createInstance();
void i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { translation: resources[lng] }])),
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  initAsync: false,
});

const fixed = new Map<Language, TFunction>(LANGUAGES.map((lng) => [lng, i18n.getFixedT(lng)]));

/** A text in `language`, falling back to English. */
export function translate(language: Language, key: string, vars?: Record<string, string | number>): string {
  const t = fixed.get(language) ?? i18n.getFixedT("en");
  return String(t(key, vars ?? {}));
}

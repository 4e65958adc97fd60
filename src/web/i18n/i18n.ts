import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from "../../common/constants";
import type { Language } from "../../common/locales";
import { numberFormatter } from "./pageLocale";

// Each language is its own chunk; only the one in use is downloaded.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>("./locales/*.json");

async function loadResources(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, "translation")) return;
  const module = await loaders[`./locales/${language}.json`]();
  i18next.addResourceBundle(language, "translation", module.default, true, true);
}

export async function initI18n(language: Language): Promise<void> {
  await i18next
    .use(initReactI18next)
    .use(numberFormatter)
    .init({
      lng: language,
      fallbackLng: false,
      resources: {},
      // Every number a text takes goes through the page's number format (pageLocale.ts).
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
    });
  await loadResources(language);
  document.documentElement.lang = language;
}

/** Switches the page's language and keeps the choice in the locale cookie for 365 days. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadResources(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = `${LOCALE_COOKIE}=${language}; path=/; max-age=${LOCALE_COOKIE_DAYS * 86400}; samesite=lax`;
}

export { i18next };

import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from "../../common/constants";
import { dateLocaleOf, type Language } from "../../common/locales";

// Each language is its own chunk; only the one in use is downloaded.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>("./locales/*.json");

async function loadResources(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, "translation")) return;
  const module = await loaders[`./locales/${language}.json`]();
  i18next.addResourceBundle(language, "translation", module.default, true, true);
}

export async function initI18n(language: Language): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
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

/** Formats a date in the current language's locale (Dutch by default). */
export function formatDate(value: string | Date, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  return new Intl.DateTimeFormat(dateLocaleOf(i18next.language), options).format(new Date(value));
}

export { i18next };

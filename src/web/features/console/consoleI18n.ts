import i18next from "i18next";
import type { Language } from "../../../common/locales";

// The console's texts are their own namespace, loaded with the console: no member downloads them.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>("../../i18n/console/*.json");

export const CONSOLE_NS = "console";

export async function loadConsoleTexts(language: string): Promise<void> {
  const lng = (loaders[`../../i18n/console/${language}.json`] ? language : "en") as Language;
  if (i18next.hasResourceBundle(language, CONSOLE_NS)) return;
  const module = await loaders[`../../i18n/console/${lng}.json`]();
  i18next.addResourceBundle(language, CONSOLE_NS, module.default, true, true);
}

import { useTranslation } from "react-i18next";
import { LanguageFace, MenuStandIn } from "./menuFaces";
import { useDeferredMenus } from "./useDeferredMenus";

/**
 * The language menu in the top bar: exactly the languages of the visitor's country (spec section 2).
 * Its button shows at once; the menu itself (TopBarMenus) takes its place once loaded, and a press
 * before then loads it and opens it.
 */
export function LanguageDropdown({ align = "end" }: { align?: "start" | "end" }) {
  const { t, i18n } = useTranslation();
  const { menus, openAtOnce, press } = useDeferredMenus();
  const label = `${t("nav.language")}: ${i18n.language.toUpperCase()}`;
  if (menus) return <menus.LanguageMenu label={label} openAtOnce={openAtOnce} align={align} />;
  return (
    <MenuStandIn kind="language" label={label} testId="language-dropdown" onPress={press}>
      <LanguageFace />
    </MenuStandIn>
  );
}

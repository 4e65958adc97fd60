import { useEffect, useRef } from "react";
import { Dropdown } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { LANGUAGE_NAMES, type Language } from "../../../common/locales";
import type { User } from "../../../common/schemas/user";
import { useSettings } from "../../api/settingsApi";
import { useLogout, useSaveLanguage } from "../../api/userApi";
import { AccountFace, LanguageFace, MENU_BUTTON_CLASS } from "./menuFaces";

interface MenuProps {
  /** The button's accessible name. */
  label: string;
  /** The member reached for the menu before it had loaded: it opens at once, its button focused. */
  openAtOnce: boolean;
}

/** Focuses the menu's button when it replaced the one the member had just pressed. */
function useFocusWhenOpenedAtOnce(openAtOnce: boolean) {
  const toggle = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the menu first mounts.
  useEffect(() => {
    if (openAtOnce) toggle.current?.focus();
  }, []);
  return toggle;
}

/** The member's account menu (useDeferredMenus loads it; AccountDropdown shows its button before). */
export function AccountMenu({ user, label, openAtOnce }: MenuProps & { user: User }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const toggle = useFocusWhenOpenedAtOnce(openAtOnce);
  return (
    <Dropdown align="end" defaultShow={openAtOnce}>
      <Dropdown.Toggle ref={toggle} variant="link" className={MENU_BUTTON_CLASS.account} aria-label={label} data-testid="account-dropdown">
        <AccountFace user={user} />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as={Link} to="/profile">
          {t("nav.my_profile")}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/profile#settings">
          {t("nav.settings")}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/notifications">
          {t("nav.notifications")}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/lang-config" className="d-sm-none" data-testid="account-language">
          {t("nav.language")}
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item as="button" data-testid="logout" onClick={() => logout.mutate(undefined, { onSettled: () => navigate("/") })}>
          {t("nav.logout")}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

/** Offers exactly the languages of the visitor's country (spec section 2); LanguageDropdown shows its button before it loads. */
export function LanguageMenu({ label, openAtOnce, align }: MenuProps & { align: "start" | "end" }) {
  const { i18n } = useTranslation();
  const { languages } = useSettings();
  const save = useSaveLanguage();
  const current = i18n.language as Language;
  const toggle = useFocusWhenOpenedAtOnce(openAtOnce);
  return (
    <Dropdown align={align} defaultShow={openAtOnce}>
      <Dropdown.Toggle ref={toggle} variant="link" className={MENU_BUTTON_CLASS.language} aria-label={label} data-testid="language-dropdown">
        <LanguageFace />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {languages.map((language) => (
          <Dropdown.Item
            key={language}
            as="button"
            lang={language}
            active={language === current}
            onClick={() => save.mutate(language)}
            data-testid={`language-${language}`}
          >
            {LANGUAGE_NAMES[language]}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}

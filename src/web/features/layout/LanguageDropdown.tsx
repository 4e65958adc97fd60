import { Dropdown } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, type Language } from "../../../common/locales";
import { useSettings } from "../../api/settingsApi";
import { useSaveLanguage } from "../../api/userApi";
import { Icon } from "../../components/Icon";

/** Offers exactly the languages of the visitor's country (spec section 2). */
export function LanguageDropdown({ align = "end" }: { align?: "start" | "end" }) {
  const { t, i18n } = useTranslation();
  const { languages } = useSettings();
  const save = useSaveLanguage();
  const current = i18n.language as Language;
  return (
    <Dropdown align={align}>
      <Dropdown.Toggle
        variant="link"
        className="nav-icon-link text-decoration-none"
        aria-label={`${t("nav.language")}: ${current.toUpperCase()}`}
        data-testid="language-dropdown"
      >
        <Icon name="globe" /> <span className="small d-none d-sm-inline">{current.toUpperCase()}</span>
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

import { ButtonGroup, ToggleButton } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, type Language } from "../../../common/locales";
import { useSettings } from "../../api/settingsApi";
import { useSaveLanguage } from "../../api/userApi";

/** The languages of the visitor's country as buttons (settings and /lang-config). */
export function LanguageChoice({ onSaved }: { onSaved?: () => void }) {
  const { i18n } = useTranslation();
  const { languages } = useSettings();
  const save = useSaveLanguage();
  return (
    <ButtonGroup vertical className="lang-option">
      {languages.map((language: Language) => (
        <ToggleButton
          key={language}
          id={`lang-${language}`}
          type="radio"
          variant="outline-primary"
          name="language"
          value={language}
          lang={language}
          checked={i18n.language === language}
          onChange={() => save.mutate(language, { onSuccess: onSaved })}
        >
          {LANGUAGE_NAMES[language]}
        </ToggleButton>
      ))}
    </ButtonGroup>
  );
}

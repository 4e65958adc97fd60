import { useState } from "react";
import { Alert } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../components/AuthCard";
import { LanguageChoice } from "../features/layout/LanguageChoice";

/** Language on a page of its own (useful in the installed app, which has no room for the dropdown). */
export function LangConfigPage() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  return (
    <AuthCard title={t("lang_config.title")} testId="lang-config">
      <p>{t("lang_config.intro")}</p>
      {saved && <Alert variant="success">{t("lang_config.saved")}</Alert>}
      <div className="text-center">
        <LanguageChoice onSaved={() => setSaved(true)} />
      </div>
    </AuthCard>
  );
}

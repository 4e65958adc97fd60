import { useTranslation } from "react-i18next";
import { ErrorPage } from "../components/ErrorPage";

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage status={404} message={t("errors.not_found")} />;
}

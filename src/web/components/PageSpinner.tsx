import { Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-center py-5" data-testid="page-spinner">
      <Spinner animation="border" variant="primary" role="status">
        <span className="visually-hidden">{t("common.loading")}</span>
      </Spinner>
    </div>
  );
}

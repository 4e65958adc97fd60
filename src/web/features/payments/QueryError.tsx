import { Alert, Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";

/** A failed load, in the member's language, with a retry. */
export function QueryError({ error, retry }: { error: Error; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto">{error.message}</span>
      <Button size="sm" variant="outline-danger" onClick={retry}>
        {t("common.retry")}
      </Button>
    </Alert>
  );
}

import { Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Status and message, 500 and "Error" by default, with a link home on 404 (spec section 8). */
export function ErrorPage({ status = 500, message }: { status?: number; message?: string }) {
  const { t } = useTranslation();
  return (
    <Container className="py-5 text-center" data-testid="error-page">
      <p className="display-1 fw-bold text-primary mb-0">{status}</p>
      <h1 className="h3 mb-4">{message ?? t("errors.error")}</h1>
      {status === 404 ? (
        <Link to="/" className="btn btn-primary">
          {t("error_page.home")}
        </Link>
      ) : (
        <button type="button" className="btn btn-outline-primary" onClick={() => window.location.reload()}>
          {t("error_page.reload")}
        </button>
      )}
    </Container>
  );
}

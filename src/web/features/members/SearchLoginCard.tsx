import { Card } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { PrefetchLink } from "../../components/PrefetchLink";

/** Shown instead of results when the site lets only members search (settings.logged_out_search). */
export function SearchLoginCard() {
  const { t } = useTranslation();
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <Card className="border-0 shadow-sm text-center mx-auto my-4 search-login-card" data-testid="search-login">
      <Card.Body className="p-4 p-md-5">
        <h2 className="h4">{t("search.login_title")}</h2>
        <p className="text-body-secondary">{t("search.login_text")}</p>
        <div className="d-flex flex-column flex-sm-row justify-content-center gap-2">
          <PrefetchLink to="/signup" className="btn btn-primary px-4">
            {t("nav.signup")}
          </PrefetchLink>
          <PrefetchLink to={`/login?next=${next}`} className="btn btn-outline-primary px-4">
            {t("nav.login")}
          </PrefetchLink>
        </div>
      </Card.Body>
    </Card>
  );
}

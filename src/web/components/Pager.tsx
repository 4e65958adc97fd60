import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Previous / next links with "page x of y". */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="d-flex align-items-center justify-content-center gap-3 my-4" aria-label={t("members.page", { page, pages })}>
      {page > 1 ? (
        <Link className="btn btn-outline-primary" to={href(page - 1)} rel="prev">
          ‹ {t("members.previous")}
        </Link>
      ) : (
        <span className="btn btn-outline-secondary disabled">‹ {t("members.previous")}</span>
      )}
      <span className="small text-body-secondary">{t("members.page", { page, pages })}</span>
      {page < pages ? (
        <Link className="btn btn-outline-primary" to={href(page + 1)} rel="next">
          {t("members.next")} ›
        </Link>
      ) : (
        <span className="btn btn-outline-secondary disabled">{t("members.next")} ›</span>
      )}
    </nav>
  );
}

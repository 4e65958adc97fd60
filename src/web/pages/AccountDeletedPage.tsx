import { Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { REACTIVATION_WINDOW_DAYS } from "../../common/constants";
import { PrefetchLink } from "../components/PrefetchLink";

/** /account-deleted: shown after a deletion, with what happens next. */
export function AccountDeletedPage() {
  const { t } = useTranslation();
  return (
    <Container className="py-5 text-center" style={{ maxWidth: 600 }} data-testid="account-deleted">
      <h1 className="h3">{t("account_deleted.title")}</h1>
      <p>{t("account_deleted.text", { days: REACTIVATION_WINDOW_DAYS })}</p>
      <PrefetchLink to="/" className="btn btn-outline-primary">
        {t("account_deleted.home")}
      </PrefetchLink>
    </Container>
  );
}

import { Button, Modal } from "react-bootstrap";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { dismiss } from "../../stores/dismissals";

/** Where "Leave" takes a visitor who does not want to see adult content. */
const LEAVE_URL = "https://www.google.com/";

/** The adult-content warning's dialog, loaded when it is first shown (see EntryWarning). */
export function EntryWarningDialog({ show }: { show: boolean }) {
  const { t } = useTranslation();
  const enter = () => dismiss("hide-entry-warning");
  return (
    <Modal show={show} backdrop="static" keyboard={false} centered aria-labelledby="entry-warning-title" data-testid="entry-warning">
      <Modal.Header>
        <Modal.Title id="entry-warning-title">
          <span className="badge bg-primary me-2">18+</span>
          {t("entry.title")}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t("entry.body")}</p>
        <p className="small text-body-secondary">
          <Trans i18nKey="entry.rules" components={{ terms: <Link to="/pages/terms" /> }} />
        </p>
        {/* The legal pages open without this warning (ENTRY_WARNING_HIDDEN_ROUTES): read first, then decide. */}
        <p className="small mb-0 d-flex flex-wrap gap-3" data-testid="entry-warning-legal">
          <Link to="/pages/terms">{t("footer.terms")}</Link>
          <Link to="/pages/privacy">{t("footer.privacy")}</Link>
        </p>
      </Modal.Body>
      <Modal.Footer className="d-flex flex-column flex-sm-row">
        <Button variant="outline-secondary" href={LEAVE_URL}>
          {t("entry.leave")}
        </Button>
        <Button variant="primary" onClick={enter} data-testid="entry-warning-enter">
          {t("entry.enter")}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

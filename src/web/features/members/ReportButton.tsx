import { useState } from "react";
import { Alert, Button, Form, Modal, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { REPORT_TEXT_MAX_LENGTH } from "../../../common/constants";
import { REPORT_REASONS, type ReportReason } from "../../../common/schemas/reports";
import { useReport } from "../../api/membersApi";
import { Icon } from "../../components/Icon";

interface Props {
  id: number;
  name: string;
  fromChat?: boolean;
  /** An icon button (the chat's header). */
  compact?: boolean;
  /** A single message received from the member: a small link under it. */
  messageId?: number;
  /**
   * The harassment nudge's button on a received message (issue 22): "Report" in words, the dialog
   * opening with `reason` already chosen; `onClosed` is called when the dialog closes after a sent report.
   */
  nudge?: { reason: ReportReason; onReported: () => void };
  /** With messageId: a small button that says "Report" instead of the flag icon alone (a flagged chat photo). */
  labelled?: boolean;
}

/**
 * "Report" on a profile, in a conversation or on one received message: a reason, a few words, and
 * blocking in the same step. From the chat, the conversation's last messages go with the report (the
 * server copies them, the reported message marked).
 */
export function ReportButton({ id, name, fromChat = false, compact = false, messageId, nudge, labelled = false }: Props) {
  const { t } = useTranslation();
  const report = useReport();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState("");
  const [block, setBlock] = useState(false);
  const close = () => {
    if (report.isSuccess) nudge?.onReported();
    setOpen(false);
    setReason(null);
    setText("");
    setBlock(false);
    report.reset();
  };
  const needsText = reason === "other" && text.trim() === "";
  return (
    <>
      {nudge ? (
        <Button
          variant="danger"
          size="sm"
          onClick={() => {
            setReason(nudge.reason);
            setOpen(true);
          }}
          data-testid="chat-nudge-report"
        >
          {t("chat.nudge_report")}
        </Button>
      ) : messageId !== undefined && labelled ? (
        <Button variant="outline-light" size="sm" className="d-inline-flex align-items-center gap-1" onClick={() => setOpen(true)} data-testid="report-message">
          <Icon name="flag" size={16} />
          {t("report.button")}
        </Button>
      ) : messageId !== undefined ? (
        <Button
          variant="link"
          size="sm"
          className="chat-report-message text-body-secondary"
          onClick={() => setOpen(true)}
          aria-label={t("report.message_button")}
          title={t("report.message_button")}
          data-testid="report-message"
        >
          <Icon name="flag" size={14} />
        </Button>
      ) : (
        <Button
          variant={compact ? "link" : "outline-secondary"}
          className={compact ? "chat-report text-body-secondary" : "d-inline-flex align-items-center gap-1"}
          onClick={() => setOpen(true)}
          aria-label={compact ? t("report.button") : undefined}
          title={compact ? t("report.button") : undefined}
          data-testid="report-button"
        >
          <Icon name="flag" size={compact ? 22 : 18} />
          {!compact && t("report.button")}
        </Button>
      )}
      <Modal show={open} onHide={close} centered aria-labelledby="report-title">
        <Modal.Header closeButton closeLabel={t("common.close")}>
          <Modal.Title id="report-title" className="h5">
            {messageId !== undefined ? t("report.message_title", { name }) : t("report.title", { name })}
          </Modal.Title>
        </Modal.Header>
        {report.isSuccess ? (
          <>
            <Modal.Body>
              <Alert variant="success" className="mb-0" data-testid="report-sent">
                {t("report.sent")}
              </Alert>
            </Modal.Body>
            <Modal.Footer>
              <Button onClick={close}>{t("common.close")}</Button>
            </Modal.Footer>
          </>
        ) : (
          <Form
            onSubmit={(e) => {
              e.preventDefault();
              if (!reason || needsText) return;
              report.mutate({ id, reason, text: text.trim() || undefined, from_chat: fromChat || undefined, block: block || undefined, message_id: messageId });
            }}
            data-testid="report-form"
          >
            <Modal.Body>
              <fieldset className="mb-3">
                <legend className="fs-6 fw-semibold">{t("report.why")}</legend>
                {REPORT_REASONS.map((r) => (
                  <Form.Check
                    key={r}
                    type="radio"
                    id={`report-${r}`}
                    name="report-reason"
                    label={t(`report.reasons.${r}`)}
                    checked={reason === r}
                    onChange={() => setReason(r)}
                  />
                ))}
              </fieldset>
              <Form.Group className="mb-3" controlId="report-text">
                <Form.Label>{t(reason === "other" ? "report.text_required" : "report.text")}</Form.Label>
                <Form.Control as="textarea" rows={3} maxLength={REPORT_TEXT_MAX_LENGTH} value={text} onChange={(e) => setText(e.target.value)} />
              </Form.Group>
              {messageId !== undefined ? (
                <p className="small text-body-secondary">{t("report.message_evidence")}</p>
              ) : (
                fromChat && <p className="small text-body-secondary">{t("report.evidence")}</p>
              )}
              <Form.Check id="report-block" label={t("report.block", { name })} checked={block} onChange={(e) => setBlock(e.target.checked)} />
              <p className="small mt-3 mb-0">
                <Link to="/safety" target="_blank">
                  {t("safety.link")}
                </Link>
              </p>
              {report.error && (
                <Alert variant="danger" className="mt-3 mb-0">
                  {report.error.message}
                </Alert>
              )}
            </Modal.Body>
            <Modal.Footer>
              <Button variant="outline-secondary" onClick={close}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" variant="danger" disabled={!reason || needsText || report.isPending}>
                {report.isPending && <Spinner size="sm" className="me-1" />}
                {t("report.send")}
              </Button>
            </Modal.Footer>
          </Form>
        )}
      </Modal>
    </>
  );
}

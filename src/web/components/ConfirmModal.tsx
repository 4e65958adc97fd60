import type { ReactNode } from "react";
import { Button, Modal, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";

interface Props {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
  /** The server's message when the action failed. */
  error?: string | null;
  variant?: "danger" | "primary";
}

/** Asks before an action that is hard to undo (blocking a member, deleting a photo). */
export function ConfirmModal({ show, title, children, confirmLabel, onConfirm, onCancel, busy = false, error, variant = "danger" }: Props) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-title">
      <Modal.Header closeButton closeLabel={t("common.close")}>
        <Modal.Title id="confirm-title" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error && (
          <p className="text-danger small mt-3 mb-0" role="alert">
            {error}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          {t("common.cancel")}
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={busy} data-testid="confirm-button">
          {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

import type { ReactNode } from "react";
import { Button, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { LazyModal } from "./LazyModal";

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
    <LazyModal show={show} onHide={onCancel} centered aria-labelledby="confirm-title">
      <LazyModal.Header closeButton closeLabel={t("common.close")}>
        <LazyModal.Title id="confirm-title" className="h5">
          {title}
        </LazyModal.Title>
      </LazyModal.Header>
      <LazyModal.Body>
        {children}
        {error && (
          <p className="text-danger small mt-3 mb-0" role="alert">
            {error}
          </p>
        )}
      </LazyModal.Body>
      <LazyModal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          {t("common.cancel")}
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={busy} data-testid="confirm-button">
          {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </LazyModal.Footer>
    </LazyModal>
  );
}

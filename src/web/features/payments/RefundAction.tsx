import { useState } from "react";
import { Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { Payment } from "../../../common/schemas/payments";
import { useRefund } from "../../api/paymentsApi";
import { ConfirmModal } from "../../components/ConfirmModal";
import { useFormats } from "../../i18n/formats";

/** The refund of a purchase within the site's refund days: when it is possible, asked for with a confirmation. */
export function RefundAction({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const { money } = formats;
  const refund = useRefund();
  const [asking, setAsking] = useState(false);
  const date = (iso: string) => formats.date(iso);
  if (payment.refunded_at) {
    return (
      <p className="small text-info-emphasis" data-testid="refund-done">
        {t("transactions.refund_done", { date: date(payment.refunded_at) })}
      </p>
    );
  }
  if (!payment.refundable_until) return null;
  return (
    <>
      <p className="small mb-2">{t("transactions.refund_until", { date: date(payment.refundable_until) })}</p>
      <Button variant="outline-danger" size="sm" className="d-print-none mb-3" onClick={() => setAsking(true)} data-testid="refund-button">
        {t("transactions.refund_button")}
      </Button>
      <ConfirmModal
        show={asking}
        title={t("transactions.refund_confirm_title")}
        confirmLabel={t("transactions.refund_confirm")}
        busy={refund.isPending}
        error={refund.isError ? refund.error.message : null}
        onCancel={() => setAsking(false)}
        onConfirm={() => refund.mutate(payment.payment_id, { onSuccess: () => setAsking(false) })}
      >
        <p className="mb-0">{t("transactions.refund_confirm_text", { count: payment.credits, amount: money(payment.amount, payment.currency) })}</p>
      </ConfirmModal>
    </>
  );
}

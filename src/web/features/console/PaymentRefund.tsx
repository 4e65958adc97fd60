import { useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { OPERATOR_REASON_MAX_LENGTH } from "../../../common/constants";
import type { Currency } from "../../../common/paymentMethods";
import type { MemberDetail } from "../../../common/schemas/console";
import { useFormats } from "../../i18n/formats";
import { useRefund } from "./consoleApi";
import { CONSOLE_NS } from "./consoleI18n";

type PaymentLine = MemberDetail["payments"][number];

/**
 * An admin's refund of one paid payment: the money back in full, the credits of it not yet spent
 * taken back (the server decides both, and whether the refund days allow it), asked with a reason.
 */
export function PaymentRefund({ memberId, payment }: { memberId: number; payment: PaymentLine }) {
  const { t } = useTranslation(CONSOLE_NS);
  const formats = useFormats();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const refund = useRefund(memberId);
  if (refund.data)
    return (
      <span className="text-success" role="status">
        {t("refund.done", { credits: refund.data.credits_taken_back })}
      </span>
    );
  if (payment.status !== "paid") return null;
  if (!open)
    return (
      <Button size="sm" variant="outline-danger" onClick={() => setOpen(true)}>
        {t("refund.start")}
      </Button>
    );
  return (
    <Form
      className="mt-1"
      data-testid="payment-refund"
      onSubmit={(e) => {
        e.preventDefault();
        refund.mutate({ payment: payment.id, reason: reason.trim() });
      }}
    >
      <p className="mb-1">{t("refund.explain", { amount: formats.money(payment.amount, payment.currency as Currency), credits: payment.credits })}</p>
      <Form.Group className="mb-2" controlId={`refund-reason-${payment.id}`}>
        <Form.Label>{t("actions.reason")}</Form.Label>
        <Form.Control as="textarea" rows={2} required maxLength={OPERATOR_REASON_MAX_LENGTH} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Form.Group>
      {refund.isError && <Alert variant="danger">{refund.error.message}</Alert>}
      <div className="d-flex gap-2 flex-wrap">
        <Button type="submit" size="sm" variant="danger" disabled={refund.isPending || !reason.trim()}>
          {t("refund.confirm")}
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={() => setOpen(false)}>
          {t("refund.cancel")}
        </Button>
      </div>
    </Form>
  );
}

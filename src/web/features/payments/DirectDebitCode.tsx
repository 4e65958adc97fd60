import { useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { DirectDebitStarted, Payment } from "../../../common/schemas/payments";
import { useConfirmDirectDebit, useResendDirectDebit } from "../../api/paymentsApi";
import { useFormats } from "../../i18n/formats";

/** Step two of /directdebit: the code from the SMS ('Code invalid' on a wrong one), with a new code on request. */
export function DirectDebitCode({ started, onConfirmed }: { started: DirectDebitStarted; onConfirmed(payment: Payment): void }) {
  const { t } = useTranslation();
  const { money } = useFormats();
  const confirm = useConfirmDirectDebit();
  const resend = useResendDirectDebit();
  const [code, setCode] = useState("");
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    confirm.mutate({ request_id: started.request_id, code: code.trim() }, { onSuccess: onConfirmed });
  };
  return (
    <Form noValidate onSubmit={submit} data-testid="directdebit-code">
      <h2 className="h5">{t("directdebit.code_title")}</h2>
      <p>{t("directdebit.code_text", { phone: started.phone, amount: money(started.amount, started.currency), iban: started.iban })}</p>
      <Form.Group className="mb-3" controlId="dd-code">
        <Form.Label>{t("directdebit.code")}</Form.Label>
        <Form.Control
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          isInvalid={confirm.isError}
          className="font-monospace fs-4 text-center"
          style={{ maxWidth: 220, letterSpacing: "0.3em" }}
          data-testid="dd-code-input"
        />
        <Form.Control.Feedback type="invalid" role="alert">
          {confirm.error?.message}
        </Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <Button type="submit" size="lg" disabled={confirm.isPending || code.trim().length === 0} data-testid="dd-confirm">
          {t("directdebit.confirm")}
        </Button>
        <Button variant="link" disabled={resend.isPending} onClick={() => resend.mutate(started.request_id)} data-testid="dd-resend">
          {t("directdebit.resend")}
        </Button>
      </div>
      {resend.isSuccess && <p className="small text-success-emphasis mt-2">{t("directdebit.resent")}</p>}
      {resend.isError && (
        <Alert variant="warning" className="mt-2 py-2 small">
          {resend.error.message}
        </Alert>
      )}
    </Form>
  );
}

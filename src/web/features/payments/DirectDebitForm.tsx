import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type DirectDebitForm as FormValues, type DirectDebitStarted, directDebitFormSchema } from "../../../common/schemas/payments";
import { useStartDirectDebit } from "../../api/paymentsApi";
import { useCompanyInfo } from "../../api/settingsApi";
import { applyApiError } from "../../components/applyApiError";
import { FormField } from "../../components/FormField";

/** Step one of /directdebit: account holder, IBAN, mobile number and 'I authorize a one-time direct debit'. */
export function DirectDebitForm(props: { bundleId: number; amount: string; discountCode: string | null; onStarted(started: DirectDebitStarted): void }) {
  const { t } = useTranslation();
  const company = useCompanyInfo();
  const start = useStartDirectDebit();
  const [formError, setFormError] = useState("");
  const { register, handleSubmit, formState, setError } = useForm<FormValues>({
    resolver: zodResolver(directDebitFormSchema),
    defaultValues: { holder: "", iban: "", phone: "" },
  });
  const submit = handleSubmit(async (values) => {
    setFormError("");
    try {
      const started = await start.mutateAsync({ ...values, bundle_id: props.bundleId, ...(props.discountCode ? { discount_code: props.discountCode } : {}) });
      props.onStarted(started);
    } catch (err) {
      setFormError(applyApiError(err, setError, ["holder", "iban", "phone", "authorize"]));
    }
  });
  const authorizeError = formState.errors.authorize?.message;
  return (
    <Form noValidate onSubmit={submit} data-testid="directdebit-form">
      {formError && (
        <Alert variant="danger" role="alert" data-testid="directdebit-error">
          {formError}
        </Alert>
      )}
      <FormField id="dd-holder" label={t("directdebit.holder")} autoComplete="name" registration={register("holder")} error={formState.errors.holder} />
      <FormField
        id="dd-iban"
        label={t("directdebit.iban")}
        autoComplete="off"
        help={t("directdebit.iban_hint")}
        registration={register("iban")}
        error={formState.errors.iban}
      />
      <FormField
        id="dd-phone"
        label={t("directdebit.phone")}
        type="tel"
        autoComplete="tel"
        help={t("directdebit.phone_hint")}
        registration={register("phone")}
        error={formState.errors.phone}
      />
      <Form.Group className="mb-3" controlId="dd-authorize">
        <Form.Check
          {...register("authorize")}
          isInvalid={Boolean(authorizeError)}
          label={<span className="fw-semibold">{t("directdebit.authorize")}</span>}
          data-testid="dd-authorize"
        />
        <Form.Text muted>{t("directdebit.authorize_text", { company: company.data?.name ?? "", amount: props.amount })}</Form.Text>
        {authorizeError && (
          <div className="invalid-feedback d-block" role="alert">
            {authorizeError.startsWith("errors.") ? t(authorizeError) : authorizeError}
          </div>
        )}
      </Form.Group>
      <Button type="submit" size="lg" className="w-100" disabled={formState.isSubmitting} data-testid="dd-send-code">
        {t("directdebit.send_code")}
      </Button>
    </Form>
  );
}

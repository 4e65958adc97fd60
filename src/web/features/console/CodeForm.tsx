import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type TotpCodeRequest, totpCodeRequestSchema } from "../../../common/schemas/console";
import { FormField } from "../../components/FormField";
import { applyApiError } from "../../components/applyApiError";
import { CONSOLE_NS } from "./consoleI18n";

/** The six digits of an authenticator app. */
export function CodeForm({ onCode, submitLabel }: { onCode: (code: string) => Promise<unknown>; submitLabel: string }) {
  const { t } = useTranslation(CONSOLE_NS);
  const [formError, setFormError] = useState("");
  const { register, handleSubmit, formState, setError } = useForm<TotpCodeRequest>({
    resolver: zodResolver(totpCodeRequestSchema),
    defaultValues: { code: "" },
  });
  const submit = handleSubmit(async ({ code }) => {
    setFormError("");
    try {
      await onCode(code);
    } catch (err) {
      setFormError(applyApiError(err, setError, ["code"]));
    }
  });
  return (
    <Form noValidate onSubmit={submit} data-testid="console-code">
      {formError && (
        <Alert variant="danger" role="alert">
          {formError}
        </Alert>
      )}
      <FormField id="console-code" label={t("code.label")} autoComplete="one-time-code" registration={register("code")} error={formState.errors.code} />
      <Button type="submit" className="w-100" disabled={formState.isSubmitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}

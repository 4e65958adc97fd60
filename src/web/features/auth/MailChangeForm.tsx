import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type MailChangeRequest, mailChangeRequestSchema } from "../../../common/schemas/auth";
import { useRequestMailChange } from "../../api/userApi";
import { applyApiError } from "../../components/applyApiError";
import { FormField } from "../../components/FormField";

/** Asks for a new address and the current password; the change happens when the mailed link is followed. */
export function MailChangeForm() {
  const { t } = useTranslation();
  const change = useRequestMailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState("");
  const { register, handleSubmit, formState, setError, reset } = useForm<MailChangeRequest>({ resolver: zodResolver(mailChangeRequestSchema) });
  const submit = handleSubmit(async (values) => {
    setFormError("");
    setSentTo(null);
    try {
      await change.mutateAsync(values);
      setSentTo(values.email);
      reset();
    } catch (err) {
      setFormError(applyApiError(err, setError, ["email", "password"]));
    }
  });
  return (
    <Form noValidate onSubmit={submit} data-testid="mail-change-form">
      {sentTo && <Alert variant="success">{t("mail_change.sent", { email: sentTo })}</Alert>}
      {formError && <Alert variant="danger">{formError}</Alert>}
      <FormField
        id="mail-change-email"
        label={t("mail_change.email")}
        type="email"
        autoComplete="email"
        registration={register("email")}
        error={formState.errors.email}
      />
      <FormField
        id="mail-change-password"
        label={t("mail_change.password")}
        type="password"
        autoComplete="current-password"
        registration={register("password")}
        error={formState.errors.password}
      />
      <Button type="submit" disabled={formState.isSubmitting}>
        {t("mail_change.submit")}
      </Button>
    </Form>
  );
}

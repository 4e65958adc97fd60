import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ResetRequest, resetRequestSchema } from "../../common/schemas/auth";
import { useRequestReset } from "../api/userApi";
import { applyApiError } from "../components/applyApiError";
import { AuthCard } from "../components/AuthCard";
import { FormField } from "../components/FormField";

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const reset = useRequestReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState("");
  const { register, handleSubmit, formState, setError } = useForm<ResetRequest>({ resolver: zodResolver(resetRequestSchema) });
  const submit = handleSubmit(async ({ email }) => {
    setFormError("");
    try {
      await reset.mutateAsync(email);
      setSentTo(email);
    } catch (err) {
      setFormError(applyApiError(err, setError, ["email"]));
    }
  });
  if (sentTo) {
    return (
      <AuthCard title={t("reset.sent_title")} testId="reset-sent">
        <p>{t("reset.sent_text", { email: sentTo })}</p>
        <Link to="/login">{t("reset.back_to_login")}</Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("reset.title")} testId="reset-page">
      <p className="text-body-secondary">{t("reset.intro")}</p>
      <Form noValidate onSubmit={submit}>
        {formError && <Alert variant="danger">{formError}</Alert>}
        <FormField
          id="reset-email"
          label={t("reset.email")}
          type="email"
          autoComplete="email"
          registration={register("email")}
          error={formState.errors.email}
        />
        <Button type="submit" className="w-100" size="lg" disabled={formState.isSubmitting}>
          {t("reset.submit")}
        </Button>
      </Form>
      <div className="text-center mt-3">
        <Link to="/login">{t("reset.back_to_login")}</Link>
      </div>
    </AuthCard>
  );
}

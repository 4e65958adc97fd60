import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { type ResetDoRequest, resetDoRequestSchema } from "../../common/schemas/auth";
import { ApiError } from "../api/apiClient";
import { useDoReset } from "../api/userApi";
import { applyApiError } from "../components/applyApiError";
import { AuthCard } from "../components/AuthCard";
import { FormField } from "../components/FormField";

export function ResetPasswordDoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const doReset = useDoReset();
  const [formError, setFormError] = useState<{ message: string; linkInvalid: boolean } | null>(null);
  const token = params.get("token") ?? "";
  const { register, handleSubmit, formState, setError } = useForm<ResetDoRequest>({
    resolver: zodResolver(resetDoRequestSchema),
    defaultValues: { token, password: "", password_confirm: "" },
  });
  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await doReset.mutateAsync(values);
      navigate("/", { replace: true });
    } catch (err) {
      const message = applyApiError(err, setError, ["password", "password_confirm"]);
      const linkInvalid = err instanceof ApiError && (err.code === "link_invalid" || Boolean(err.fields.token));
      if (message || linkInvalid) setFormError({ message: linkInvalid ? t("errors.link_invalid") : message, linkInvalid });
    }
  });
  return (
    <AuthCard title={t("reset.do_title")} testId="reset-do-page">
      <Form noValidate onSubmit={submit}>
        {(formError || formState.errors.token) && (
          <Alert variant="danger">
            {formError?.message ?? t("errors.link_invalid")}
            {(formError?.linkInvalid || formState.errors.token) && (
              <div className="mt-2">
                <Link to="/reset-password" className="alert-link">
                  {t("reset.request_new")}
                </Link>
              </div>
            )}
          </Alert>
        )}
        <FormField
          id="reset-password"
          label={t("reset.password")}
          type="password"
          autoComplete="new-password"
          registration={register("password")}
          error={formState.errors.password}
        />
        <FormField
          id="reset-password-confirm"
          label={t("reset.password_confirm")}
          type="password"
          autoComplete="new-password"
          registration={register("password_confirm")}
          error={formState.errors.password_confirm}
        />
        <Button type="submit" className="w-100" size="lg" disabled={formState.isSubmitting}>
          {t("reset.do_submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}

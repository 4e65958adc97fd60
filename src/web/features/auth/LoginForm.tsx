import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type LoginRequest, loginRequestSchema } from "../../../common/schemas/auth";
import type { User } from "../../../common/schemas/user";
import { useLogin } from "../../api/userApi";
import { applyApiError } from "../../components/applyApiError";
import { FormField } from "../../components/FormField";

export function LoginForm({ defaultEmail = "", onDone }: { defaultEmail?: string; onDone: (user: User | null) => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const [formError, setFormError] = useState("");
  const { register, handleSubmit, formState, setError } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const submit = handleSubmit(async (values) => {
    setFormError("");
    try {
      onDone(await login.mutateAsync(values));
    } catch (err) {
      setFormError(applyApiError(err, setError, ["email", "password"]));
    }
  });
  return (
    <Form noValidate onSubmit={submit} data-testid="login-form">
      {formError && (
        <Alert variant="danger" role="alert">
          {formError}
        </Alert>
      )}
      <FormField id="login-email" label={t("login.email")} type="email" autoComplete="email" registration={register("email")} error={formState.errors.email} />
      <FormField
        id="login-password"
        label={t("login.password")}
        type="password"
        autoComplete="current-password"
        registration={register("password")}
        error={formState.errors.password}
      />
      <Button type="submit" className="w-100" size="lg" disabled={formState.isSubmitting}>
        {t("login.submit")}
      </Button>
      <div className="text-center mt-3">
        <Link to="/reset-password">{t("login.forgot")}</Link>
      </div>
    </Form>
  );
}

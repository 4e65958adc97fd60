import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type PasswordChange, passwordChangeSchema } from "../../../common/schemas/auth";
import { call } from "../../api/apiClient";
import { queryClient } from "../../api/queryClient";
import { applyApiError } from "../../components/applyApiError";
import { FormField } from "../../components/FormField";

/** A new password, after the current one; other devices are logged out unless the member says otherwise. */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const change = useMutation({
    mutationFn: (input: PasswordChange) => call("POST /api/password.php", { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["sessions"] }),
  });
  const [formError, setFormError] = useState("");
  const { register, handleSubmit, formState, setError, reset } = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { old_password: "", password: "", password_confirm: "", end_other_sessions: true },
  });
  const submit = handleSubmit(async (values) => {
    setFormError("");
    try {
      await change.mutateAsync(values);
      reset();
    } catch (err) {
      setFormError(applyApiError(err, setError, ["old_password", "password", "password_confirm"]));
    }
  });
  return (
    <Form noValidate onSubmit={submit} data-testid="password-change">
      {formError && (
        <Alert variant="danger" role="alert">
          {formError}
        </Alert>
      )}
      {change.isSuccess && (
        <Alert variant="success" data-testid="password-changed">
          {t("password_change.done")}
        </Alert>
      )}
      <FormField
        id="pw-old"
        label={t("password_change.old")}
        type="password"
        autoComplete="current-password"
        registration={register("old_password")}
        error={formState.errors.old_password}
      />
      <FormField
        id="pw-new"
        label={t("password_change.new")}
        type="password"
        autoComplete="new-password"
        registration={register("password")}
        error={formState.errors.password}
      />
      <FormField
        id="pw-confirm"
        label={t("password_change.confirm")}
        type="password"
        autoComplete="new-password"
        registration={register("password_confirm")}
        error={formState.errors.password_confirm}
      />
      <Form.Check className="mb-3" id="pw-end-others" {...register("end_other_sessions")} label={t("password_change.end_others")} />
      <Button type="submit" size="sm" disabled={formState.isSubmitting} data-testid="password-change-submit">
        {t("password_change.submit")}
      </Button>
    </Form>
  );
}

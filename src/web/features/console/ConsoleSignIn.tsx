import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Alert, Button, Card, Form } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type ConsoleSession, type OperatorLoginRequest, operatorLoginRequestSchema } from "../../../common/schemas/console";
import { FormField } from "../../components/FormField";
import { applyApiError } from "../../components/applyApiError";
import { useCode, useSignIn, useSignOut } from "./consoleApi";
import { CONSOLE_NS } from "./consoleI18n";
import { CodeForm } from "./CodeForm";
import { TotpEnrolment } from "./TotpEnrolment";

/** The console's sign-in: e-mail and password, then the code (or the enrolment the code needs first). */
export function ConsoleSignIn({ session }: { session: ConsoleSession }) {
  const { t } = useTranslation(CONSOLE_NS);
  const signOut = useSignOut();
  return (
    <div className="console-signin mx-auto px-3 py-4" style={{ maxWidth: 420 }}>
      <h1 className="h3 mb-3 text-center">{t("title")}</h1>
      <Card className="shadow-sm">
        <Card.Body>
          {session.step === "code" ? (
            <CodeStep />
          ) : session.step === "enrol" ? (
            <>
              <p>{t("enrol.required")}</p>
              <TotpEnrolment />
            </>
          ) : (
            <PasswordStep />
          )}
          {session.step && (
            <Button variant="link" className="w-100 mt-2" onClick={() => signOut.mutate(undefined)}>
              {t("sign_in.other_account")}
            </Button>
          )}
        </Card.Body>
      </Card>
    </div>
  );
}

function PasswordStep() {
  const { t } = useTranslation(CONSOLE_NS);
  const signIn = useSignIn();
  const [formError, setFormError] = useState("");
  const { register, handleSubmit, formState, setError } = useForm<OperatorLoginRequest>({
    resolver: zodResolver(operatorLoginRequestSchema),
    defaultValues: { email: "", password: "" },
  });
  const submit = handleSubmit(async (values) => {
    setFormError("");
    try {
      await signIn.mutateAsync(values);
    } catch (err) {
      setFormError(applyApiError(err, setError, ["email", "password"]));
    }
  });
  return (
    <Form noValidate onSubmit={submit} data-testid="console-signin">
      <h2 className="h5 mb-3">{t("sign_in.title")}</h2>
      {formError && (
        <Alert variant="danger" role="alert">
          {formError}
        </Alert>
      )}
      <FormField
        id="console-email"
        label={t("sign_in.email")}
        type="email"
        autoComplete="username"
        registration={register("email")}
        error={formState.errors.email}
      />
      <FormField
        id="console-password"
        label={t("sign_in.password")}
        type="password"
        autoComplete="current-password"
        registration={register("password")}
        error={formState.errors.password}
      />
      <Button type="submit" className="w-100" size="lg" disabled={formState.isSubmitting}>
        {t("sign_in.submit")}
      </Button>
    </Form>
  );
}

function CodeStep() {
  const { t } = useTranslation(CONSOLE_NS);
  const code = useCode();
  return (
    <>
      <h2 className="h5 mb-3">{t("code.title")}</h2>
      <CodeForm onCode={(value) => code.mutateAsync(value)} submitLabel={t("code.submit")} />
    </>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MIN_AGE } from "../../../common/constants";
import { type SignupRequest, signupRequestSchema } from "../../../common/schemas/auth";
import { suggestEmail } from "../../../common/suggestEmail";
import { ApiError } from "../../api/apiClient";
import { signupsOpen } from "../../../common/signupSteps";
import { useSettings } from "../../api/settingsApi";
import { useSignup } from "../../api/userApi";
import { applyApiError } from "../../components/applyApiError";
import { FormField } from "../../components/FormField";
import { clearDraft, readDraft, saveDraft } from "../signup/signupDraft";
import { readTracking } from "./tracking";

const FIELDS = ["email", "name", "password", "date_of_birth", "signup_message"] as const;

function latestBirthDate(): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - MIN_AGE);
  return d.toISOString().slice(0, 10);
}

type Draft = Omit<SignupRequest, "password" | "tracking" | "member_id">;
/** The draft's key for the tab (also the form's data-draft, which the page keeps before the app runs: visitor.ts). */
const DRAFT = "account";

/**
 * A field's first value. The server renders /signup and the app runs on the visitor's first touch,
 * so they may be typing into the page's form while the app takes it over: a field of that form that
 * holds text starts undefined, which makes the form library read it from the page when it takes the
 * field (at that moment, with whatever was typed until then) instead of writing its own value over it.
 * Otherwise the tab's draft, if any.
 */
function startValue(id: string, draft: string | undefined): string | undefined {
  // On the server (its rendering of the page) there is no page yet.
  if (typeof HTMLInputElement === "undefined") return draft ?? "";
  const field = document.getElementById(id);
  const onPage = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement;
  if (onPage && field.value !== "") return undefined;
  return draft ?? (onPage ? undefined : "");
}

interface Props {
  /** The member of the landing page: the message becomes the first message to them. */
  member?: { id: number; name: string };
  /** The visitor follows "log in" (redirectedToLogin for the signup modal). */
  onLogin?: () => void;
  /** Whether the visitor has typed anything (the signup modal then no longer closes by backdrop or escape). */
  onDirty?: (dirty: boolean) => void;
}

/**
 * Step 0 of the signup: create an account (e-mail with a did-you-mean hint, name, password, date of
 * birth) and, on a member's landing page, write that member a first message. What was typed (not the
 * password) survives a reload of the tab.
 */
export function SignupForm({ member, onLogin, onDirty }: Props) {
  const { t } = useTranslation();
  const signup = useSignup();
  const settings = useSettings();
  const [formError, setFormError] = useState<{ message: string; code?: string; email?: string } | null>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const draft = readDraft<Draft>(DRAFT);
  const { register, handleSubmit, formState, setError, setValue, getValues, watch } = useForm<SignupRequest>({
    resolver: zodResolver(signupRequestSchema),
    defaultValues: {
      email: startValue("signup-email", draft.email),
      name: startValue("signup-name", draft.name),
      password: startValue("signup-password", undefined),
      date_of_birth: startValue("signup-dob", draft.date_of_birth),
      signup_message: startValue("signup-message", draft.signup_message),
    },
  });
  const emailField = register("email", { onBlur: () => setSuggestion(suggestEmail(getValues("email"))) });

  useEffect(() => {
    const subscription = watch(({ password: _password, ...rest }) => saveDraft(DRAFT, rest));
    return () => subscription.unsubscribe();
  }, [watch]);
  useEffect(() => onDirty?.(formState.isDirty || formState.isSubmitting), [formState.isDirty, formState.isSubmitting, onDirty]);

  if (!signupsOpen(settings.signups, readTracking())) {
    return (
      <Alert variant="info" data-testid="signups-closed">
        {t("errors.signups_closed")}
      </Alert>
    );
  }

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signup.mutateAsync({
        ...values,
        signup_message: values.signup_message || undefined,
        tracking: readTracking(),
        member_id: member && values.signup_message ? member.id : undefined,
      });
      clearDraft(DRAFT);
    } catch (err) {
      const message = applyApiError(err, setError, FIELDS);
      const code = err instanceof ApiError ? err.code : undefined;
      if (message || code === "email_taken") setFormError({ message, code, email: values.email });
    }
  });

  return (
    <Form noValidate onSubmit={submit} data-testid="signup-form" data-draft={DRAFT}>
      {formError && (
        <Alert variant={formError.code === "email_taken" ? "info" : "danger"} role="alert">
          {formError.message}
          {formError.code === "email_taken" && (
            <Link to={`/login?email=${encodeURIComponent(formError.email ?? "")}`} className="alert-link d-block" onClick={onLogin}>
              {t("signup.offer_login")}
            </Link>
          )}
        </Alert>
      )}
      <FormField id="signup-email" label={t("signup.email")} type="email" autoComplete="email" registration={emailField} error={formState.errors.email}>
        {suggestion && (
          <div className="small mt-1" data-testid="email-suggestion">
            {t("signup.did_you_mean", { email: suggestion })}{" "}
            <button
              type="button"
              className="btn btn-link btn-sm p-0 align-baseline"
              onClick={() => {
                setValue("email", suggestion, { shouldValidate: true });
                setSuggestion(null);
              }}
            >
              {t("signup.use_suggestion")}
            </button>
          </div>
        )}
      </FormField>
      <FormField
        id="signup-name"
        label={t("signup.name")}
        autoComplete="nickname"
        registration={register("name")}
        error={formState.errors.name}
        help={t("signup.name_help")}
      />
      <FormField
        id="signup-password"
        label={t("signup.password")}
        type="password"
        autoComplete="new-password"
        registration={register("password")}
        error={formState.errors.password}
        help={t("signup.password_help")}
      />
      <FormField
        id="signup-dob"
        label={t("signup.date_of_birth")}
        type="date"
        autoComplete="bday"
        max={latestBirthDate()}
        min="1920-01-01"
        registration={register("date_of_birth")}
        error={formState.errors.date_of_birth}
      />
      <FormField
        id="signup-message"
        label={member ? t("signup.first_message", { name: member.name }) : t("signup.signup_message")}
        as="textarea"
        registration={register("signup_message")}
        error={formState.errors.signup_message}
        help={member ? t("signup.first_message_help", { name: member.name }) : t("signup.signup_message_help")}
      />
      <p className="small text-body-secondary" data-testid="signup-terms">
        {/* In a new tab: the form keeps what the visitor typed. */}
        <Trans
          i18nKey="signup.terms"
          components={{
            terms: <NewTabLink href="/pages/terms" />,
            privacy: <NewTabLink href="/pages/privacy" />,
          }}
        />
      </p>
      <Button type="submit" size="lg" className="w-100" disabled={formState.isSubmitting} data-testid="signup-submit">
        {t("signup.submit")}
      </Button>
    </Form>
  );
}

/** A link that opens in a new tab (its text comes from the translation). */
function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
    </a>
  );
}

import type { ReactNode } from "react";
import { Form } from "react-bootstrap";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";

interface Props {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  type?: string;
  autoComplete?: string;
  help?: ReactNode;
  as?: "textarea";
  max?: string;
  min?: string;
  children?: ReactNode;
}

/** A labelled input whose error (an i18n key from the shared schema, or a server text) shows below it. */
export function FormField({ id, label, registration, error, type = "text", autoComplete, help, as, max, min, children }: Props) {
  const { t } = useTranslation();
  const message = error?.message ? (error.message.startsWith("errors.") ? t(error.message) : error.message) : undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...registration}
        type={as ? undefined : type}
        as={as}
        rows={as ? 3 : undefined}
        autoComplete={autoComplete}
        isInvalid={Boolean(message)}
        aria-describedby={help ? `${id}-help` : undefined}
        max={max}
        min={min}
      />
      {message && <Form.Control.Feedback type="invalid">{message}</Form.Control.Feedback>}
      {help && !message && (
        <Form.Text id={`${id}-help`} muted>
          {help}
        </Form.Text>
      )}
      {children}
    </Form.Group>
  );
}

import type { ReactNode } from "react";
import { Form } from "react-bootstrap";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";

interface Props {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  /** Values and their texts. */
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Text of the empty choice; without it there is none. */
  emptyLabel?: string;
  help?: ReactNode;
}

/** A labelled select whose error (an i18n key from the shared schema, or a server text) shows below it. */
export function ChoiceField({ id, label, registration, error, options, emptyLabel, help }: Props) {
  const { t } = useTranslation();
  const message = error?.message ? (error.message.startsWith("errors.") ? t(error.message) : error.message) : undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select {...registration} isInvalid={Boolean(message)} aria-describedby={help ? `${id}-help` : undefined}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
      {message && <Form.Control.Feedback type="invalid">{message}</Form.Control.Feedback>}
      {help && !message && (
        <Form.Text id={`${id}-help`} muted>
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}

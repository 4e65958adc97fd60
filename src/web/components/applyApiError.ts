import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "../api/apiClient";

/** Puts the server's per-field messages on the form; returns the message for the whole form. */
export function applyApiError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string {
  if (!(error instanceof ApiError)) return String(error);
  let onField = false;
  for (const [field, message] of Object.entries(error.fields)) {
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: "server", message });
      onField = true;
    }
  }
  // Said once: beside the field when it belongs to one, else above the form.
  return onField ? "" : error.message;
}

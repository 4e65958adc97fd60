// Error codes the API answers with. Each has a text under `errors.<code>` in every locale; the texts
// of spec section 8 are used word for word in English.

export const ERROR_CODES = [
  "authentication_required",
  "validation_failed",
  "invalid_json",
  "payload_too_large",
  "not_found",
  "method_not_allowed",
  "internal",
  "login_failed",
  "too_many_attempts",
  "reset_limit",
  "email_not_found",
  "link_invalid",
  "activation_failed",
  "passwords_differ",
  "password_common",
  "invalid_email",
  "email_taken",
  "account_pending_deletion",
  "name_invalid",
  "name_is_email",
  "date_of_birth",
  "wrong_password",
  "rate_limited",
  "signups_closed",
  "field_required",
  "signup_step_order",
  "unsupported_media_type",
  "service_unavailable",
  "misdirected_request",
  "blocked_by",
  "photo_limit_free",
  "photo_limit_premium",
  "not_an_image",
  "file_too_large",
  "image_corrupt",
  "swipe_limit",
  "cannot_like_self",
  "cannot_block_self",
  "field_invalid",
  "not_enough_credits",
  "premium_only",
  "partner_not_confirmed",
  "message_empty",
  "message_too_long",
  "payment_method_unavailable",
  "webhook_invalid",
  "payment_failed",
  "code_not_found",
  "code_used",
  "code_expired",
  "code_minimum",
  "code_method",
  "refund_not_possible",
  "refund_period_over",
  "refund_credits_spent",
  "card_payment_failed",
  "holder_invalid",
  "iban_invalid",
  "phone_invalid",
  "authorize_required",
  "direct_debit_blocked",
  "direct_debit_limit",
  "code_invalid",
  "sms_code_expired",
  "complaint_name",
  "complaint_category",
  "complaint_message",
  "password_incorrect",
  "deletion_reason",
  "origin_not_allowed",
  "push_endpoint_taken",
  "text_invalid",
  "request_invalid",
  "upload_invalid",
  "account_banned",
  "account_suspended",
  "operator_forbidden",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Body of every error answer (ARCHITECTURE.md, API contract). */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Per-field messages of a form, already in the member's language. */
    fields?: Record<string, string>;
    /** Extra data a client needs, such as an e-mail suggestion or lockout minutes. */
    details?: Record<string, string | number | boolean>;
  };
}

import { useState } from "react";
import { Button, Form, InputGroup } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { CreditsOffer } from "../../../common/schemas/payments";
import { useLookupDiscount } from "../../api/paymentsApi";
import { useDiscountStore } from "../../stores/discountStore";

/** The discount shown on the prices, and a field for a code of one's own ('Code not found', 'Code already used'…). */
export function DiscountCodeForm({ offer }: { offer: CreditsOffer }) {
  const { t } = useTranslation();
  const setCode = useDiscountStore((s) => s.setCode);
  const lookup = useLookupDiscount();
  const [value, setValue] = useState("");
  const [open, setOpen] = useState(false);
  const discount = offer.discount && !offer.discount.expired ? offer.discount : null;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const code = value.trim();
    if (!code) return;
    lookup.mutate(code, {
      onSuccess: (found) => {
        if (found.expired) return;
        setCode(found.code);
        setOpen(false);
        setValue("");
      },
    });
  };
  const error = lookup.isError ? lookup.error.message : lookup.data?.expired ? t("errors.code_expired") : null;
  return (
    <div className="mb-3">
      {discount && (
        <p className="alert alert-success py-2 mb-2" data-testid="active-discount">
          {t("credits.discount_active", { percent: discount.value_percentage, code: discount.code })}
        </p>
      )}
      {open ? (
        <Form onSubmit={submit} noValidate style={{ maxWidth: 420 }}>
          <Form.Label htmlFor="discount-code">{t("credits.code_label")}</Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              id="discount-code"
              value={value}
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              isInvalid={error !== null}
              onChange={(event) => setValue(event.target.value)}
              data-testid="discount-code-input"
            />
            <Button type="submit" disabled={lookup.isPending} data-testid="discount-code-apply">
              {t("credits.code_apply")}
            </Button>
            <Form.Control.Feedback type="invalid" role="alert">
              {error}
            </Form.Control.Feedback>
          </InputGroup>
        </Form>
      ) : (
        <Button variant="link" className="p-0" onClick={() => setOpen(true)} data-testid="discount-code-open">
          {t("credits.code_question")}
        </Button>
      )}
    </div>
  );
}

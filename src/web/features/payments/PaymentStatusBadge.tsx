import { Badge } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { PaymentStatus } from "../../../common/schemas/payments";

const VARIANT: Record<PaymentStatus, string> = {
  open: "secondary",
  pending: "warning",
  paid: "success",
  failed: "danger",
  canceled: "secondary",
  expired: "secondary",
  refunded: "info",
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge bg={VARIANT[status]} text={status === "pending" ? "dark" : undefined} data-testid="payment-status">
      {t(`transactions.status_${status}`)}
    </Badge>
  );
}

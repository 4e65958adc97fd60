import { Alert, Card, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { usePayment } from "../../api/paymentsApi";
import { Icon } from "../../components/Icon";
import { PrefetchLink } from "../../components/PrefetchLink";
import { QueryError } from "./QueryError";

/**
 * The payer back from the provider: loading, pending, completed, failed or cancelled (spec section 4).
 * The state is asked of the server until the provider has decided.
 */
export function PaymentResult({ paymentId, retryPath }: { paymentId: string; retryPath: string }) {
  const { t } = useTranslation();
  const payment = usePayment(paymentId);
  if (payment.isError) return <QueryError error={payment.error} retry={() => payment.refetch()} />;
  const status = payment.data?.status;
  if (!payment.data || status === "open" || status === "pending") {
    return (
      <Card className="border-0 shadow-sm text-center" data-testid="payment-pending">
        <Card.Body className="py-5">
          <Spinner animation="border" variant="primary" className="mb-3" role="status" />
          <p className="h5">{payment.data ? t("payment.pending_title") : t("payment.loading")}</p>
          {payment.data && <p className="text-body-secondary mb-0">{t("payment.pending_text")}</p>}
        </Card.Body>
      </Card>
    );
  }
  if (status === "paid") {
    return (
      <Card className="border-0 shadow-sm text-center" data-testid="payment-completed">
        <Card.Body className="py-5">
          <Icon name="check" size={48} className="text-success-emphasis mb-2" />
          <p className="h4">{t("payment.completed_title")}</p>
          <p>{t("payment.completed_text", { count: payment.data.credits })}</p>
          <div className="d-flex flex-wrap justify-content-center gap-2">
            <PrefetchLink to="/members" className="btn btn-primary">
              {t("payment.start_chatting")}
            </PrefetchLink>
            <PrefetchLink to={`/transactions/${payment.data.payment_id}`} className="btn btn-outline-secondary" data-testid="payment-receipt-link">
              {t("payment.view_receipt")}
            </PrefetchLink>
          </div>
        </Card.Body>
      </Card>
    );
  }
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2" data-testid="payment-failed">
      <span className="me-auto">{t("errors.payment_failed")}</span>
      <PrefetchLink to={retryPath} className="btn btn-danger btn-sm" data-testid="payment-retry">
        {t("payment.try_again")}
      </PrefetchLink>
    </Alert>
  );
}

import { Badge, Button, Card } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { TransactionResponse } from "../../../common/schemas/payments";
import { PrefetchLink } from "../../components/PrefetchLink";
import { PaymentMethodLabel } from "./PaymentMethodLabel";
import { PaymentStatusBadge } from "./PaymentStatusBadge";
import { RefundAction } from "./RefundAction";
import { useFormats } from "../../i18n/formats";

/** A transaction's receipt: seller (company info), buyer, what was bought and paid; printable. */
export function Receipt({ data }: { data: TransactionResponse }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const { money } = formats;
  const { transaction: p, seller, buyer } = data;
  const date = formats.date(p.paid_at ?? p.created_at, { dateStyle: "long", timeStyle: "short" });
  return (
    <Card className="border-0 shadow-sm receipt" data-testid="receipt">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between gap-3 mb-3">
          <div>
            <p className="fw-bold mb-0">{seller.name}</p>
            <p className="small mb-0">{seller.address}</p>
            <p className="small mb-0">
              {seller.city}, {seller.country}
            </p>
            {seller.kvk && <p className="small mb-0">{t("transactions.registration", { number: seller.kvk })}</p>}
            {seller.vat_numbers.map((vat) => (
              <p key={vat} className="small mb-0">
                {t("transactions.vat", { number: vat })}
              </p>
            ))}
            <p className="small mb-0">{seller.support_email}</p>
          </div>
          <div className="text-sm-end">
            <p className="h5 mb-1">{p.invoice_number ? t("transactions.receipt_number", { number: p.invoice_number }) : t("transactions.order")}</p>
            <p className="small mb-1">{date}</p>
            <PaymentStatusBadge status={p.status} />
          </div>
        </div>
        <p className="small mb-3">
          {t("transactions.buyer")}: {buyer.name} ({buyer.email})
        </p>
        <dl className="row mb-2">
          <dt className="col-8 fw-normal">
            {t("payment.bundle", { count: p.credits })} · {seller.site}
          </dt>
          <dd className="col-4 text-end mb-1">{money(p.price, p.currency)}</dd>
          {p.discount > 0 && (
            <>
              <dt className="col-8 fw-normal">
                {t("payment.discount")}{" "}
                {p.discount_code && (
                  <Badge bg="light" text="dark">
                    {p.discount_code}
                  </Badge>
                )}
              </dt>
              <dd className="col-4 text-end mb-1">−{money(p.discount, p.currency)}</dd>
            </>
          )}
          <dt className="col-8 fw-normal">{t("payment.fee")}</dt>
          <dd className="col-4 text-end mb-1">{money(p.transaction_fee, p.currency)}</dd>
          <dt className="col-8">{t("payment.total")}</dt>
          <dd className="col-4 text-end fw-bold mb-1" data-testid="receipt-total">
            {money(p.amount, p.currency)}
          </dd>
        </dl>
        <p className="small text-body-secondary">{t("transactions.vat_included")}</p>
        <p className="mb-3">
          {t("transactions.paid_with")}: <PaymentMethodLabel id={p.payment_method} />
          {p.stored_card && (
            <span className="ms-2 text-body-secondary text-nowrap" data-testid="receipt-card">
              {p.stored_card}
            </span>
          )}
        </p>
        <p className="small">{t("transactions.refund_note", { days: data.refund_days })}</p>
        <RefundAction payment={p} />
        <div className="d-flex gap-2 d-print-none">
          <Button variant="outline-secondary" size="sm" onClick={() => window.print()}>
            {t("transactions.print")}
          </Button>
          <PrefetchLink to="/transactions" className="btn btn-link btn-sm">
            {t("transactions.all")}
          </PrefetchLink>
        </div>
      </Card.Body>
    </Card>
  );
}

import { useState } from "react";
import { Container, Nav, Table } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useTransaction, useTransactions } from "../api/paymentsApi";
import { PageSpinner } from "../components/PageSpinner";
import { PrefetchLink } from "../components/PrefetchLink";
import { CreditHistory } from "../features/payments/CreditHistory";
import { PaymentMethodLabel } from "../features/payments/PaymentMethodLabel";
import { PaymentStatusBadge } from "../features/payments/PaymentStatusBadge";
import { QueryError } from "../features/payments/QueryError";
import { Receipt } from "../features/payments/Receipt";
import { useMediaQuery } from "../hooks/useMediaQuery";
import { useFormats } from "../i18n/formats";

function TransactionDetail({ id }: { id: string }) {
  const transaction = useTransaction(id);
  if (transaction.isPending) return <PageSpinner />;
  if (transaction.isError) return <QueryError error={transaction.error} retry={() => transaction.refetch()} />;
  return <Receipt data={transaction.data} />;
}

function Purchases() {
  const { t } = useTranslation();
  const formats = useFormats();
  const { money } = formats;
  const list = useTransactions();
  // Phones (below Bootstrap's md): one card per purchase, everything readable without scrolling sideways.
  const narrow = useMediaQuery("(max-width: 767.98px)");
  if (list.isPending) return <PageSpinner />;
  if (list.isError) return <QueryError error={list.error} retry={() => list.refetch()} />;
  if (list.data.transactions.length === 0) {
    return (
      <p className="text-body-secondary">
        {t("transactions.empty")} <PrefetchLink to="/credits">{t("premium.cta")}</PrefetchLink>
      </p>
    );
  }
  if (narrow) {
    return (
      <ul className="list-unstyled mb-0" data-testid="transaction-cards">
        {list.data.transactions.map((p) => (
          <li key={p.payment_id} className="card border-0 shadow-sm mb-2" data-testid="transaction-card">
            <PrefetchLink to={`/transactions/${p.payment_id}`} className="card-body d-block text-body text-decoration-none">
              <span className="d-flex align-items-start gap-2">
                <span className="me-auto">
                  <span className="d-block fw-semibold">{t("payment.bundle", { count: p.credits })}</span>
                  <span className="d-block small text-body-secondary">
                    {formats.date(p.created_at, { dateStyle: "short" })} · <PaymentMethodLabel id={p.payment_method} />
                  </span>
                </span>
                <span className="text-end">
                  <span className="d-block fw-semibold">{money(p.amount, p.currency)}</span>
                  <PaymentStatusBadge status={p.status} />
                </span>
              </span>
              {p.transaction_fee > 0 && (
                <span className="d-block small text-body-secondary mt-1">
                  {t("payment.fee")}: {money(p.transaction_fee, p.currency)}
                </span>
              )}
            </PrefetchLink>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table responsive hover className="align-middle" data-testid="transactions">
      <thead>
        <tr>
          <th>{t("transactions.date")}</th>
          <th>{t("transactions.bundle")}</th>
          <th>{t("transactions.method")}</th>
          <th className="text-end">{t("transactions.amount")}</th>
          <th className="text-end">{t("payment.fee")}</th>
          <th>{t("transactions.state")}</th>
        </tr>
      </thead>
      <tbody>
        {list.data.transactions.map((p) => (
          <tr key={p.payment_id} data-testid="transaction-row">
            <td className="text-nowrap">
              <PrefetchLink to={`/transactions/${p.payment_id}`}>{formats.date(p.created_at, { dateStyle: "short" })}</PrefetchLink>
            </td>
            <td>{t("payment.bundle", { count: p.credits })}</td>
            <td>
              <PaymentMethodLabel id={p.payment_method} />
            </td>
            <td className="text-end">{money(p.amount, p.currency)}</td>
            <td className="text-end">{money(p.transaction_fee, p.currency)}</td>
            <td>
              <PaymentStatusBadge status={p.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** /transactions: purchases and the credit history; /transactions/{id}: one receipt. */
export function TransactionsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [tab, setTab] = useState<"purchases" | "history">("purchases");
  return (
    <Container className="py-4" style={{ maxWidth: 960 }} data-testid="transactions-page">
      <h1 className="h3 mb-3">{id ? t("transactions.receipt") : t("transactions.title")}</h1>
      {id ? (
        <TransactionDetail id={id} />
      ) : (
        <>
          <Nav variant="tabs" activeKey={tab} onSelect={(key) => setTab(key === "history" ? "history" : "purchases")} className="mb-3">
            <Nav.Item>
              <Nav.Link eventKey="purchases">{t("transactions.tab_purchases")}</Nav.Link>
            </Nav.Item>
            <Nav.Item>
              <Nav.Link eventKey="history" data-testid="tab-history">
                {t("transactions.tab_history")}
              </Nav.Link>
            </Nav.Item>
          </Nav>
          {tab === "purchases" ? <Purchases /> : <CreditHistory />}
        </>
      )}
    </Container>
  );
}

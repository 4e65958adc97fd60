import { useState } from "react";
import { Card, Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { DirectDebitStarted, Payment } from "../../common/schemas/payments";
import { useCreditsOffer } from "../api/paymentsApi";
import { Icon } from "../components/Icon";
import { PageSpinner } from "../components/PageSpinner";
import { PrefetchLink } from "../components/PrefetchLink";
import { DirectDebitCode } from "../features/payments/DirectDebitCode";
import { DirectDebitForm } from "../features/payments/DirectDebitForm";
import { QueryError } from "../features/payments/QueryError";
import { useActiveDiscount } from "../features/payments/useActiveDiscount";
import { useFormats } from "../i18n/formats";

type Step = "phone" | "code" | "confirmed";

/** /directdebit?bundle=ID: a one-time SEPA direct debit in three steps (spec section 4): phone entry, SMS code, confirmed. */
export function DirectDebitPage() {
  const { t } = useTranslation();
  const { money } = useFormats();
  const [search] = useSearchParams();
  const code = useActiveDiscount();
  const offer = useCreditsOffer(code);
  const [started, setStarted] = useState<DirectDebitStarted | null>(null);
  const [payment, setPayment] = useState<Payment | null>(null);
  const step: Step = payment ? "confirmed" : started ? "code" : "phone";
  const bundle = offer.data?.bundles.find((b) => String(b.id) === search.get("bundle"));
  const steps: Step[] = ["phone", "code", "confirmed"];
  return (
    <Container className="py-4" style={{ maxWidth: 600 }} data-testid="directdebit-page">
      <PrefetchLink to="/credits" className="small">
        ← {t("payment.back_to_bundles")}
      </PrefetchLink>
      <h1 className="h3 my-2">{t("directdebit.title")}</h1>
      <ol className="list-inline small text-body-secondary mb-3" aria-label={t("directdebit.title")}>
        {steps.map((s, i) => (
          <li key={s} className={`list-inline-item ${s === step ? "fw-bold text-body" : ""}`} aria-current={s === step ? "step" : undefined}>
            {i + 1}. {t(`directdebit.step_${s}`)}
          </li>
        ))}
      </ol>
      {offer.isPending ? (
        <PageSpinner />
      ) : offer.isError ? (
        <QueryError error={offer.error} retry={() => offer.refetch()} />
      ) : !bundle ? (
        <p data-testid="bundle-unknown">
          {t("payment.bundle_unknown")} <PrefetchLink to="/credits">{t("payment.back_to_bundles")}</PrefetchLink>
        </p>
      ) : (
        <Card className="border-0 shadow-sm">
          <Card.Body>
            {step === "phone" && (
              <>
                <p className="mb-1 fw-semibold">
                  {t("payment.bundle", { count: bundle.credits })}: {money(bundle.amount, bundle.currency)}
                </p>
                <p className="text-body-secondary">{t("directdebit.intro")}</p>
                <DirectDebitForm
                  bundleId={bundle.id}
                  amount={money(bundle.amount, bundle.currency)}
                  discountCode={bundle.discount_percentage !== null ? (offer.data.discount?.code ?? null) : null}
                  onStarted={setStarted}
                />
              </>
            )}
            {step === "code" && started && <DirectDebitCode started={started} onConfirmed={setPayment} />}
            {step === "confirmed" && payment && (
              <div className="text-center py-3" data-testid="directdebit-confirmed">
                <Icon name="check" size={48} className="text-success-emphasis mb-2" />
                <p className="h4">{t("directdebit.confirmed_title")}</p>
                <p>{t("directdebit.confirmed_text", { count: payment.credits, amount: money(payment.amount, payment.currency) })}</p>
                <PrefetchLink to="/transactions" className="btn btn-outline-secondary">
                  {t("directdebit.view_transactions")}
                </PrefetchLink>
              </div>
            )}
          </Card.Body>
        </Card>
      )}
    </Container>
  );
}

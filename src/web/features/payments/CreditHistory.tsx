import { Table } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useCreditHistory } from "../../api/paymentsApi";
import { PageSpinner } from "../../components/PageSpinner";
import { QueryError } from "./QueryError";
import { useFormats } from "../../i18n/formats";

/** Every credit movement with its running balance and what the credits cost in money (first bought, first spent). */
export function CreditHistory() {
  const { t } = useTranslation();
  const formats = useFormats();
  const { money } = formats;
  const history = useCreditHistory(true);
  if (history.isPending) return <PageSpinner />;
  if (history.isError) return <QueryError error={history.error} retry={() => history.refetch()} />;
  if (history.data.entries.length === 0) return <p className="text-body-secondary">{t("transactions.history_empty")}</p>;
  return (
    <>
      <p className="small text-body-secondary">{t("transactions.history_intro")}</p>
      <Table responsive size="sm" className="align-middle" data-testid="credit-history">
        <thead>
          <tr>
            <th>{t("transactions.what")}</th>
            <th className="text-end">{t("transactions.credits")}</th>
            <th className="text-end">{t("transactions.balance")}</th>
            <th className="text-end">{t("transactions.worth")}</th>
          </tr>
        </thead>
        <tbody>
          {history.data.entries.map((e) => (
            <tr key={e.id}>
              <td>
                {t(`transactions.reason_${e.reason}`)}
                <small className="d-block text-body-secondary text-nowrap">{formats.dateTime(e.created_at)}</small>
              </td>
              <td className={`text-end ${e.delta > 0 ? "text-success-emphasis" : ""}`}>
                {e.delta > 0 ? `+${formats.number(e.delta)}` : formats.number(e.delta)}
              </td>
              <td className="text-end">{formats.number(e.balance_after)}</td>
              <td className="text-end text-body-secondary">
                {e.worth.length ? e.worth.map((w) => money(w.amount, w.currency)).join(" + ") : t("transactions.free")}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

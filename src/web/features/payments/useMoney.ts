import { useTranslation } from "react-i18next";
import { type Currency, formatMoney } from "../../../common/paymentMethods";

/** Formats minor units in the member's language: `money(1999, "EUR")` is "€ 19,99" in Dutch. */
export function useMoney(): (amount: number, currency: Currency) => string {
  const { i18n } = useTranslation();
  return (amount, currency) => formatMoney(amount, currency, i18n.language);
}

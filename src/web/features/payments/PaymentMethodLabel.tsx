import { useTranslation } from "react-i18next";
import { paymentMethodById, paymentMethodName, type PaymentMethodId } from "../../../common/paymentMethods";

/** A payment method's logo and name, as the checkout and the transactions show it. */
export function PaymentMethodLabel({ id }: { id: PaymentMethodId }) {
  const { t } = useTranslation();
  const method = paymentMethodById(id);
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <img src={method.logo} alt="" width={40} height={26} className="payment-logo" />
      <span>{paymentMethodName(method, t)}</span>
    </span>
  );
}

import { TIME_BONUS_CODE } from "../../../common/constants";
import { useWelcomeDiscount } from "../../api/paymentsApi";
import { useUser } from "../../api/userApi";
import { useDiscountStore } from "../../stores/discountStore";
import { useTimeBonus } from "./useTimeBonus";

/**
 * The discount code the prices show (spec section 4): one the member typed, else the time bonus
 * while it runs, else the welcome code while it is valid; null for none.
 */
export function useActiveDiscount(): string | null {
  const user = useUser();
  const typed = useDiscountStore((s) => s.code);
  const timeBonus = useTimeBonus();
  const welcome = useWelcomeDiscount(user !== null && !user.paid_user && timeBonus === null && typed === null);
  if (typed) return typed;
  if (timeBonus !== null) return TIME_BONUS_CODE;
  return welcome.data && !welcome.data.expired ? welcome.data.code : null;
}

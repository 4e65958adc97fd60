import { TIME_BONUS_CODE } from "../../../common/constants";
import { useWelcomeDiscount } from "../../api/paymentsApi";
import { useUser } from "../../api/userApi";
import { useDiscountStore } from "../../stores/discountStore";
import { useTimeBonus } from "./useTimeBonus";

/** Which code the prices show: the typed one, else the running time bonus, else a welcome code not expired. */
export function activeDiscount(input: {
  typed: string | null;
  timeBonusRunning: boolean;
  welcome: { code: string; expired: boolean } | null | undefined;
}): string | null {
  if (input.typed) return input.typed;
  if (input.timeBonusRunning) return TIME_BONUS_CODE;
  return input.welcome && !input.welcome.expired ? input.welcome.code : null;
}

/**
 * The discount code the prices show (spec section 4): one the member typed, else the time bonus
 * while it runs, else the welcome code while it is valid; null for none.
 */
export function useActiveDiscount(): string | null {
  const user = useUser();
  const typed = useDiscountStore((s) => s.code);
  const timeBonus = useTimeBonus();
  const welcome = useWelcomeDiscount(user !== null && !user.paid_user && timeBonus === null && typed === null);
  return activeDiscount({ typed, timeBonusRunning: timeBonus !== null, welcome: welcome.data });
}

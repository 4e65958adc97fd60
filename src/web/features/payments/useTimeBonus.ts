import { useEffect, useState } from "react";
import { TIME_BONUS_TICK_MS } from "../../../common/constants";
import { useUser } from "../../api/userApi";
import { timeBonusSecondsLeft } from "./timeBonus";

/** Seconds left of the member's time bonus, ticking each second; null when there is none. */
export function useTimeBonus(): number | null {
  const user = useUser();
  const [now, setNow] = useState(() => Date.now());
  const left = timeBonusSecondsLeft(user, now);
  const running = left !== null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), TIME_BONUS_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return left;
}

import type { User } from "../../../common/schemas/user";

type Reason = User["notifications_disabled"][number];

const ORDER: Reason[] = ["fbl", "bounce", "list-unsubscribe"];

/** The text key explaining why e-mails are off; the most serious reason when there are several. */
export function disabledReasonKey(reasons: readonly Reason[]): string {
  const reason = ORDER.find((r) => reasons.includes(r)) ?? "list-unsubscribe";
  return `notifications.reason_${reason.replace("-", "_")}`;
}

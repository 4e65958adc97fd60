import { useTranslation } from "react-i18next";
import type { Operator } from "../../../common/schemas/console";
import { CONSOLE_NS } from "./consoleI18n";
import { canLookUp } from "./ConsoleShell";
import { MemberSearch } from "./MemberSearch";

/** The first screen: member lookup for support and admins; moderators' queues are not built yet. */
export function ConsoleHome({ operator }: { operator: Operator }) {
  const { t } = useTranslation(CONSOLE_NS);
  if (canLookUp(operator)) return <MemberSearch />;
  return <p className="text-body-secondary">{t("moderator_home")}</p>;
}

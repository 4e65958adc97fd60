import type { Operator } from "../../../common/schemas/console";
import { canLookUp } from "./ConsoleShell";
import { MemberSearch } from "./MemberSearch";
import { ReportsQueue } from "./ReportsQueue";

/** The first screen: member lookup for support and admins, the reports queue for moderators. */
export function ConsoleHome({ operator }: { operator: Operator }) {
  return canLookUp(operator) ? <MemberSearch /> : <ReportsQueue operator={operator} />;
}

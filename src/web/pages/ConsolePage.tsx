import { useEffect, useState } from "react";
import { Alert } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageSpinner } from "../components/PageSpinner";
import { AppealsQueue } from "../features/console/AppealsQueue";
import { AuditLog } from "../features/console/AuditLog";
import { ComplaintsQueue } from "../features/console/ComplaintsQueue";
import { useConsoleSession } from "../features/console/consoleApi";
import { CONSOLE_NS, loadConsoleTexts } from "../features/console/consoleI18n";
import { ConsoleHome } from "../features/console/ConsoleHome";
import { ConsoleShell, canLookUp, canModerate, isAdmin } from "../features/console/ConsoleShell";
import { OperationsScreen } from "../features/console/OperationsScreen";
import { ConsoleSignIn } from "../features/console/ConsoleSignIn";
import { MemberView } from "../features/console/MemberView";
import { PhotoQueue } from "../features/console/PhotoQueue";
import { ReportsQueue } from "../features/console/ReportsQueue";
import { useRouteName } from "../hooks/useRouteName";

/** /console, /console/audit and /console/members/:id: the operators' console, loaded as its own chunk. */
export function ConsolePage() {
  const { i18n } = useTranslation();
  const [textsFor, setTextsFor] = useState<string | null>(null);
  useEffect(() => {
    const language = i18n.language;
    void loadConsoleTexts(language).then(() => setTextsFor(language));
  }, [i18n.language]);
  const session = useConsoleSession();
  if (textsFor !== i18n.language || session.isPending) return <PageSpinner />;
  if (session.isError) return <Alert variant="danger">{session.error.message}</Alert>;
  if (session.data.step !== "done" || !session.data.operator) return <ConsoleSignIn session={session.data} />;
  const operator = session.data.operator;
  return (
    <ConsoleShell operator={operator}>
      <ConsoleScreen operator={operator} />
    </ConsoleShell>
  );
}

function ConsoleScreen({ operator }: { operator: NonNullable<ReturnType<typeof useConsoleSession>["data"]>["operator"] & object }) {
  const { t } = useTranslation(CONSOLE_NS);
  const route = useRouteName();
  const { id } = useParams();
  if (route === "console-members-id") return <MemberView operator={operator} id={Number(id)} />;
  if (route === "console-audit") return isAdmin(operator) ? <AuditLog /> : <Alert variant="warning">{t("not_allowed")}</Alert>;
  if (route === "console-photos") return canModerate(operator) ? <PhotoQueue /> : <Alert variant="warning">{t("not_allowed")}</Alert>;
  if (route === "console-complaints")
    return canLookUp(operator) ? <ComplaintsQueue operator={operator} /> : <Alert variant="warning">{t("not_allowed")}</Alert>;
  if (route === "console-appeals") return canModerate(operator) ? <AppealsQueue /> : <Alert variant="warning">{t("not_allowed")}</Alert>;
  if (route === "console-operations") return canLookUp(operator) ? <OperationsScreen /> : <Alert variant="warning">{t("not_allowed")}</Alert>;
  if (route === "console-reports") return canModerate(operator) ? <ReportsQueue operator={operator} /> : <Alert variant="warning">{t("not_allowed")}</Alert>;
  return <ConsoleHome operator={operator} />;
}

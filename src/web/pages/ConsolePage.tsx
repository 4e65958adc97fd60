import { type ReactElement, useEffect, useState } from "react";
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
import { VerificationQueue } from "../features/console/VerificationQueue";
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

type SignedInOperator = NonNullable<ReturnType<typeof useConsoleSession>["data"]>["operator"] & object;

/** The console's screens by route, with the roles that may open each (the server checks them again on every call). */
const SCREENS: Record<string, { allowed: (operator: SignedInOperator) => boolean; screen: (operator: SignedInOperator) => ReactElement }> = {
  "console-audit": { allowed: isAdmin, screen: () => <AuditLog /> },
  "console-photos": { allowed: canModerate, screen: () => <PhotoQueue /> },
  "console-verifications": { allowed: canModerate, screen: () => <VerificationQueue /> },
  "console-complaints": { allowed: canLookUp, screen: (operator) => <ComplaintsQueue operator={operator} /> },
  "console-appeals": { allowed: canModerate, screen: () => <AppealsQueue /> },
  "console-operations": { allowed: canLookUp, screen: () => <OperationsScreen /> },
  "console-reports": { allowed: canModerate, screen: (operator) => <ReportsQueue operator={operator} /> },
};

function ConsoleScreen({ operator }: { operator: SignedInOperator }) {
  const { t } = useTranslation(CONSOLE_NS);
  const route = useRouteName();
  const { id } = useParams();
  if (route === "console-members-id") return <MemberView operator={operator} id={Number(id)} />;
  const entry = route ? SCREENS[route] : undefined;
  if (!entry) return <ConsoleHome operator={operator} />;
  return entry.allowed(operator) ? entry.screen(operator) : <Alert variant="warning">{t("not_allowed")}</Alert>;
}

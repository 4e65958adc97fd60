import { ListGroup } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AuditEntry } from "../../../common/schemas/console";
import { useFormats } from "../../i18n/formats";
import { CONSOLE_NS } from "./consoleI18n";

/** Audit rows: when, who, what, on whom, why (and the details of the action). */
export function AuditEntries({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation(CONSOLE_NS);
  const formats = useFormats();
  return (
    <ListGroup variant="flush" className="small" data-testid="audit-entries">
      {entries.map((e) => (
        <ListGroup.Item key={e.id} className="px-0">
          <div className="d-flex flex-wrap justify-content-between gap-1">
            <strong>{t(`audit_actions.${e.action}`, { defaultValue: e.action })}</strong>
            <span className="text-body-secondary">{formats.dateTime(e.at)}</span>
          </div>
          <div className="text-break">
            {e.operator.email}
            {e.member_id !== null && (
              <>
                {" → "}
                <Link to={`/console/members/${e.member_id}`}>#{e.member_id}</Link>
              </>
            )}
          </div>
          {e.reason && <div className="fst-italic text-break">“{e.reason}”</div>}
          {Object.keys(e.details).length > 0 && <div className="font-monospace text-break">{JSON.stringify(e.details)}</div>}
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}

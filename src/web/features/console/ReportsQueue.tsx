import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, Badge, Button, Card, Form, ListGroup, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SUSPENSION_MAX_DAYS } from "../../../common/constants";
import type { Operator } from "../../../common/schemas/console";
import { REPORT_RULES, type ReportRule } from "../../../common/schemas/decisions";
import type { QueuedReport, ReportGroup } from "../../../common/schemas/reports";
import { call } from "../../api/apiClient";
import { useFormats } from "../../i18n/formats";
import { CONSOLE_NS } from "./consoleI18n";

const QUEUE_KEY = ["console", "reports"] as const;

type Decision = "dismiss" | "warn" | "suspend" | "ban";

function useDecide(memberId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, days, reason, rule }: { decision: Decision; days: number; reason: string; rule: ReportRule | "" }) => {
      const named = rule ? { rule } : {};
      return decision === "ban"
        ? call("POST /api/console/reports/:id/ban", { params: { id: memberId }, body: { reason, ...named } })
        : call("POST /api/console/reports/:id/decision", {
            params: { id: memberId },
            body: decision === "suspend" ? { decision, days, reason, ...named } : { decision, reason, ...named },
          });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

/** The moderators' queue: reports waiting, one card per reported member, with the evidence and earlier decisions. */
export function ReportsQueue({ operator }: { operator: Operator }) {
  const { t } = useTranslation(CONSOLE_NS);
  const queue = useQuery({ queryKey: QUEUE_KEY, queryFn: () => call("GET /api/console/reports") });
  return (
    <section>
      <h1 className="h4">{t("nav.reports")}</h1>
      {queue.isPending && <Spinner size="sm" />}
      {queue.isError && <Alert variant="danger">{queue.error.message}</Alert>}
      {queue.data?.groups.length === 0 && <p className="text-body-secondary">{t("reports.empty")}</p>}
      {queue.data?.groups.map((group) => (
        <ReportGroupCard key={group.member.id} group={group} operator={operator} />
      ))}
    </section>
  );
}

function ReportGroupCard({ group, operator }: { group: ReportGroup; operator: Operator }) {
  const { t } = useTranslation(CONSOLE_NS);
  const decide = useDecide(group.member.id);
  const [decision, setDecision] = useState<Decision>("dismiss");
  const [days, setDays] = useState(7);
  const [reason, setReason] = useState("");
  const [rule, setRule] = useState<ReportRule | "">("");
  const decisions: Decision[] = operator.role === "admin" ? ["dismiss", "warn", "suspend", "ban"] : ["dismiss", "warn", "suspend"];
  const { member } = group;
  return (
    <Card className="mb-3" data-testid="report-group">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <Card.Title as="h2" className="h5 text-break mb-0">
            {operator.role === "moderator" ? member.name : <Link to={`/console/members/${member.id}`}>{member.name}</Link>}{" "}
            <span className="text-body-secondary fs-6">#{member.id}</span>
          </Card.Title>
          <Badge bg="danger" className="align-self-start">
            {t("reports.waiting", { count: group.open.length })}
          </Badge>
        </div>
        <p className="small text-body-secondary text-break">
          {member.email} · {member.site}
        </p>
        {member.scam_messages > 0 && (
          <p className="small text-warning-emphasis" data-testid="report-scam-messages">
            {t("reports.scam_messages", { count: member.scam_messages })}
          </p>
        )}
        <ListGroup variant="flush" className="mb-3">
          {group.open.map((r) => (
            <ReportItem key={r.id} report={r} memberId={member.id} />
          ))}
        </ListGroup>
        {group.earlier.length > 0 && (
          <details className="mb-3 small">
            <summary>{t("reports.earlier", { count: group.earlier.length })}</summary>
            <ul className="mt-2">
              {group.earlier.map((r) => (
                <li key={r.id}>
                  {t(`reports.reasons.${r.reason}`)} → <strong>{r.decision ? t(`reports.decisions.${r.decision}`) : ""}</strong>: {r.decision_reason}
                </li>
              ))}
            </ul>
          </details>
        )}
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            decide.mutate({ decision, days, reason: reason.trim(), rule });
          }}
        >
          <div className="d-flex flex-wrap gap-2 mb-2">
            <Form.Select aria-label={t("reports.decision")} value={decision} onChange={(e) => setDecision(e.target.value as Decision)} className="w-auto">
              {decisions.map((d) => (
                <option key={d} value={d}>
                  {t(`reports.decisions.${d}`)}
                </option>
              ))}
            </Form.Select>
            {decision === "suspend" && (
              <Form.Control
                type="number"
                aria-label={t("actions.days")}
                min={1}
                max={SUSPENSION_MAX_DAYS}
                value={days}
                onChange={(e) => setDays(Number(e.target.value))}
                style={{ width: "6rem" }}
              />
            )}
            {decision !== "dismiss" && (
              <Form.Select aria-label={t("reports.rule")} value={rule} onChange={(e) => setRule(e.target.value as ReportRule | "")} className="w-auto">
                <option value="">
                  {t("reports.rule")}: {t("reports.rule_auto")}
                </option>
                {REPORT_RULES.map((r) => (
                  <option key={r} value={r}>
                    {t(`reports.rules.${r}`)}
                  </option>
                ))}
              </Form.Select>
            )}
          </div>
          <Form.Control
            as="textarea"
            rows={2}
            aria-label={t("reports.statement")}
            placeholder={t("reports.statement")}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="mb-2"
            maxLength={500}
          />
          {decide.isError && <Alert variant="danger">{decide.error.message}</Alert>}
          <Button type="submit" variant={decision === "dismiss" ? "primary" : "danger"} disabled={!reason.trim() || decide.isPending}>
            {t("reports.decide")}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

function ReportItem({ report, memberId }: { report: QueuedReport; memberId: number }) {
  const { t } = useTranslation(CONSOLE_NS);
  const formats = useFormats();
  return (
    <ListGroup.Item className="px-0">
      <div className="d-flex flex-wrap justify-content-between gap-1">
        <strong>{t(`reports.reasons.${report.reason}`)}</strong>
        <span className="small text-body-secondary">{formats.dateTime(report.created_at)}</span>
      </div>
      {report.text && <p className="mb-1 text-break">“{report.text}”</p>}
      <div className="small text-body-secondary">{t("reports.by", { id: report.reporter_id ?? "–" })}</div>
      {report.evidence && (
        <details className="small mt-1">
          <summary>{t("reports.evidence", { count: report.evidence.length })}</summary>
          <ol className="list-unstyled mt-2 mb-0" data-testid="report-evidence">
            {report.evidence.map((m) => (
              <li key={m.id} className={`mb-1 text-break ${m.from === memberId ? "fw-semibold" : ""} ${m.reported ? "bg-warning-subtle rounded px-1" : ""}`}>
                <span className="text-body-secondary">
                  {formats.time(m.at)} #{m.from}:
                </span>{" "}
                {m.kind === "text" ? m.body : `[${m.kind}]`}
                {m.reported && (
                  <Badge bg="warning" text="dark" className="ms-1" data-testid="reported-message">
                    {t("reports.reported_message")}
                  </Badge>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
    </ListGroup.Item>
  );
}

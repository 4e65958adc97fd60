import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, Badge, Button, Card, Form, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import type { AppealOutcome, QueuedAppeal } from "../../../common/schemas/decisions";
import { call } from "../../api/apiClient";
import { useFormats } from "../../i18n/formats";
import { CONSOLE_NS } from "./consoleI18n";

const QUEUE_KEY = ["console", "appeals"] as const;

/** Appeals against report decisions, the oldest first; the moderator who made a decision cannot decide its appeal. */
export function AppealsQueue() {
  const { t } = useTranslation(CONSOLE_NS);
  const queue = useQuery({ queryKey: QUEUE_KEY, queryFn: () => call("GET /api/console/appeals") });
  return (
    <section>
      <h1 className="h4">{t("nav.appeals")}</h1>
      {queue.isPending && <Spinner size="sm" />}
      {queue.isError && <Alert variant="danger">{queue.error.message}</Alert>}
      {queue.data?.appeals.length === 0 && <p className="text-body-secondary">{t("appeals.empty")}</p>}
      {queue.data?.appeals.map((appeal) => (
        <AppealCard key={appeal.id} appeal={appeal} />
      ))}
    </section>
  );
}

function AppealCard({ appeal }: { appeal: QueuedAppeal }) {
  const { t } = useTranslation(CONSOLE_NS);
  const formats = useFormats();
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<AppealOutcome>("upheld");
  const [reason, setReason] = useState("");
  const decide = useMutation({
    mutationFn: () => call("POST /api/console/appeals/:id", { params: { id: appeal.id }, body: { outcome, reason: reason.trim() } }),
    onSuccess: () => client.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
  const reasons = appeal.report_reasons.map((r) => t(`reports.reasons.${r}`)).join(", ");
  return (
    <Card className="mb-3" data-testid="appeal-card">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <Card.Title as="h2" className="h5 text-break mb-0">
            {appeal.member.name} <span className="text-body-secondary fs-6">#{appeal.member.id}</span>
          </Card.Title>
          <Badge bg={appeal.decision === "warn" ? "warning" : "danger"} text={appeal.decision === "warn" ? "dark" : undefined} className="align-self-start">
            {t(`reports.decisions.${appeal.decision}`)}
            {appeal.days ? ` · ${t("appeals.days", { count: appeal.days })}` : ""}
          </Badge>
        </div>
        <p className="small text-body-secondary text-break mb-2">{appeal.member.email}</p>
        <dl className="small mb-3">
          <dt>{t("reports.rule")}</dt>
          <dd>{t(`reports.rules.${appeal.rule}`)}</dd>
          <dt>{t("appeals.decision", { date: formats.dateTime(appeal.decided_at), operator: appeal.decided_by.email })}</dt>
          <dd className="text-break">“{appeal.reason}”</dd>
          <dt>{t("appeals.appeal", { date: formats.dateTime(appeal.appealed_at) })}</dt>
          <dd className="text-break" data-testid="appeal-text">
            “{appeal.appeal_text}”
          </dd>
          <dt>{t("appeals.reports", { reasons })}</dt>
        </dl>
        {appeal.may_decide ? (
          <Form
            onSubmit={(e) => {
              e.preventDefault();
              decide.mutate();
            }}
          >
            <fieldset className="mb-2">
              <legend className="fs-6 fw-semibold">{t("appeals.outcome")}</legend>
              {(["upheld", "reversed"] as const).map((o) => (
                <Form.Check
                  key={o}
                  type="radio"
                  id={`appeal-${appeal.id}-${o}`}
                  name={`appeal-${appeal.id}`}
                  label={t(`appeals.${o}`)}
                  checked={outcome === o}
                  onChange={() => setOutcome(o)}
                />
              ))}
              {outcome === "reversed" && appeal.decision !== "warn" && <Form.Text>{t("appeals.reversed_hint")}</Form.Text>}
            </fieldset>
            <Form.Control
              as="textarea"
              rows={2}
              aria-label={t("appeals.statement")}
              placeholder={t("appeals.statement")}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className="mb-2"
              maxLength={500}
            />
            {decide.isError && <Alert variant="danger">{decide.error.message}</Alert>}
            <Button type="submit" variant={outcome === "reversed" ? "danger" : "primary"} disabled={!reason.trim() || decide.isPending}>
              {t("appeals.decide")}
            </Button>
          </Form>
        ) : (
          <Alert variant="secondary" className="mb-0 small">
            {t("appeals.own")}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}

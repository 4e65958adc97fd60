import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, Badge, Button, ButtonGroup, Card, Form, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { COMPLAINT_ANSWER_HOURS } from "../../../common/constants";
import { COMPLAINT_ANSWER_MAX, type QueuedComplaint } from "../../../common/schemas/complaints";
import type { Operator } from "../../../common/schemas/console";
import { call } from "../../api/apiClient";
import { useFormats } from "../../i18n/formats";
import { CONSOLE_NS } from "./consoleI18n";

type Show = "waiting" | "closed";
const queueKey = (show: Show) => ["console", "complaints", show] as const;

/** Customer service's complaints, the oldest first; those unanswered after COMPLAINT_ANSWER_HOURS stand out. */
export function ComplaintsQueue({ operator }: { operator: Operator }) {
  const { t } = useTranslation(CONSOLE_NS);
  const [show, setShow] = useState<Show>("waiting");
  const queue = useQuery({ queryKey: queueKey(show), queryFn: () => call("GET /api/console/complaints", { query: { show } }) });
  const overdue = queue.data?.complaints.filter((c) => c.overdue).length ?? 0;
  return (
    <section>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0">{t("nav.complaints")}</h1>
        <ButtonGroup size="sm">
          {(["waiting", "closed"] as const).map((s) => (
            <Button key={s} variant={show === s ? "dark" : "outline-dark"} onClick={() => setShow(s)} aria-pressed={show === s}>
              {t(s === "waiting" ? "complaints.show_waiting" : "complaints.show_closed")}
            </Button>
          ))}
        </ButtonGroup>
      </div>
      {overdue > 0 && (
        <Alert variant="danger" className="py-2">
          {t("complaints.sla", { hours: COMPLAINT_ANSWER_HOURS })} ({overdue})
        </Alert>
      )}
      {queue.isPending && <Spinner size="sm" />}
      {queue.isError && <Alert variant="danger">{queue.error.message}</Alert>}
      {queue.data?.complaints.length === 0 && <p className="text-body-secondary">{t("complaints.empty")}</p>}
      {queue.data?.complaints.map((c) => (
        <ComplaintCard key={c.id} complaint={c} operator={operator} show={show} />
      ))}
    </section>
  );
}

function ComplaintCard({ complaint: c, operator, show }: { complaint: QueuedComplaint; operator: Operator; show: Show }) {
  const { t } = useTranslation(CONSOLE_NS);
  const formats = useFormats();
  const client = useQueryClient();
  const [text, setText] = useState("");
  const refresh = () => client.invalidateQueries({ queryKey: ["console", "complaints"] });
  const act = useMutation({
    mutationFn: (step: "assign" | "answer" | "close") => {
      const params = { id: c.id };
      if (step === "answer") return call("POST /api/console/complaints/:id/answer", { params, body: { text: text.trim() } });
      return step === "assign" ? call("POST /api/console/complaints/:id/assign", { params }) : call("POST /api/console/complaints/:id/close", { params });
    },
    onSuccess: (_data, step) => {
      if (step === "answer") setText("");
      return refresh();
    },
  });
  const mine = c.assigned_to?.id === operator.id;
  return (
    <Card className={`mb-3 ${c.overdue ? "border-danger border-2" : ""}`} data-testid="complaint-card">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <Card.Title as="h2" className="h6 mb-0">
            <span className="font-monospace">{c.reference}</span> · {t(`complaints.categories.${c.category}`)}
          </Card.Title>
          <div className="d-flex gap-1 align-self-start">
            {c.overdue && (
              <Badge bg="danger" data-testid="complaint-overdue">
                {t("complaints.overdue")}
              </Badge>
            )}
            <Badge bg={c.status === "open" ? "dark" : c.status === "answered" ? "info" : "light"} text={c.status === "open" ? undefined : "dark"}>
              {t(`complaints.status.${c.status}`)}
            </Badge>
          </div>
        </div>
        <p className="small text-body-secondary text-break mb-2">
          {t("complaints.received", { date: formats.dateTime(c.created_at) })} · {c.site} · {t("complaints.from", { name: c.name, email: c.email })}
          {c.member_id !== null && <> · {t("complaints.member", { id: c.member_id })}</>}
          {" · "}
          {c.assigned_to ? t("complaints.assigned", { email: c.assigned_to.email }) : t("complaints.unassigned")}
        </p>
        <blockquote className="border-start border-3 ps-2 mb-2 text-break" style={{ whiteSpace: "pre-wrap" }}>
          {c.message}
        </blockquote>
        {c.answers.map((a) => (
          <div key={a.id} className="bg-body-tertiary rounded p-2 mb-2 small text-break" style={{ whiteSpace: "pre-wrap" }} data-testid="complaint-answer">
            <div className="text-body-secondary mb-1">{t("complaints.answered_by", { operator: a.operator, date: formats.dateTime(a.at) })}</div>
            {a.body}
          </div>
        ))}
        {show === "waiting" && (
          <Form
            onSubmit={(e) => {
              e.preventDefault();
              act.mutate("answer");
            }}
          >
            <Form.Control
              as="textarea"
              rows={3}
              aria-label={t("complaints.answer")}
              placeholder={t("complaints.answer")}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={COMPLAINT_ANSWER_MAX}
              className="mb-2"
            />
            {act.isError && <Alert variant="danger">{act.error.message}</Alert>}
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" disabled={!text.trim() || act.isPending}>
                {t("complaints.send")}
              </Button>
              {!mine && (
                <Button variant="outline-dark" disabled={act.isPending} onClick={() => act.mutate("assign")}>
                  {t("complaints.take")}
                </Button>
              )}
              <Button variant="outline-secondary" disabled={act.isPending} onClick={() => act.mutate("close")}>
                {t("complaints.close")}
              </Button>
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Alert, Badge, Button, Card, Col, ListGroup, Row, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Currency } from "../../../common/paymentMethods";
import type { FailedJob } from "../../../common/schemas/operations";
import { call } from "../../api/apiClient";
import { useFormats } from "../../i18n/formats";
import { CONSOLE_NS } from "./consoleI18n";

const OPERATIONS_KEY = ["console", "operations"] as const;

function Count({ label, value, href, testId }: { label: string; value: ReactNode; href?: string; testId: string }) {
  return (
    <Col xs={6} md={4} lg={2}>
      <Card className="h-100 text-center" data-testid={testId}>
        <Card.Body className="p-2">
          <div className="fs-4 fw-semibold">{href ? <Link to={href}>{value}</Link> : value}</div>
          <div className="small text-body-secondary">{label}</div>
        </Card.Body>
      </Card>
    </Col>
  );
}

function JobRow({ job }: { job: FailedJob }) {
  const { t } = useTranslation(CONSOLE_NS);
  const formats = useFormats();
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: () => call("POST /api/console/operations/jobs/:id/retry", { params: { id: job.id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: OPERATIONS_KEY }),
  });
  return (
    <ListGroup.Item className="small" data-testid="failed-job">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <div>
          <strong>{t(`operations.job_kinds.${job.kind}`, { defaultValue: job.kind })}</strong>{" "}
          {job.failed_at ? (
            <Badge bg="danger">{t("operations.gave_up")}</Badge>
          ) : (
            <Badge bg="warning" text="dark">
              {t("operations.retrying")}
            </Badge>
          )}
          <div className="text-body-secondary">
            {t("operations.attempts", { attempts: job.attempts, max: job.max_attempts })} ·{" "}
            {job.failed_at
              ? t("operations.failed_at", { at: formats.dateTime(job.failed_at) })
              : t("operations.next_try", { at: formats.dateTime(job.next_try_at ?? job.created_at) })}
          </div>
          {job.error && <code className="d-block text-break">{job.error}</code>}
        </div>
        <div>
          <Button size="sm" variant="outline-primary" disabled={retry.isPending} onClick={() => retry.mutate()}>
            {t("operations.retry")}
          </Button>
        </div>
      </div>
      {retry.isError && (
        <Alert variant="danger" className="mt-2 mb-0 py-1">
          {retry.error.message}
        </Alert>
      )}
    </ListGroup.Item>
  );
}

/** What an operator checks first each day: today's counts, background work that failed, payments that hang. */
export function OperationsScreen() {
  const { t } = useTranslation(CONSOLE_NS);
  const formats = useFormats();
  const ops = useQuery({ queryKey: OPERATIONS_KEY, queryFn: () => call("GET /api/console/operations"), refetchInterval: 60_000 });
  if (ops.isPending) return <Spinner size="sm" />;
  if (ops.isError) return <Alert variant="danger">{ops.error.message}</Alert>;
  const { today, failed_jobs: jobs, stuck_payments: stuck } = ops.data;
  const revenue = today.revenue.map((r) => formats.money(r.amount, r.currency as Currency)).join(" · ");
  return (
    <section data-testid="operations">
      <h1 className="h4">{t("nav.operations")}</h1>
      <h2 className="h6 text-body-secondary mt-3">{t("operations.today")}</h2>
      <Row className="g-2 mb-3">
        <Count testId="count-signups" label={t("operations.signups")} value={formats.number(today.signups)} />
        <Count
          testId="count-purchases"
          label={revenue ? `${t("operations.purchases")} (${revenue})` : t("operations.purchases")}
          value={formats.number(today.purchases)}
        />
        <Count testId="count-reports" label={t("operations.reports_waiting")} value={formats.number(today.reports_waiting)} />
        <Count testId="count-photos" label={t("operations.photos_waiting")} value={formats.number(today.photos_waiting)} />
        <Count testId="count-complaints" label={t("operations.complaints_open")} value={formats.number(today.complaints_open)} />
        <Count testId="count-verifications" label={t("operations.verifications_waiting")} value={formats.number(today.verifications_waiting)} />
      </Row>
      <Card className="mb-3">
        <Card.Body>
          <Card.Title as="h2" className="h6">
            {t("operations.failed_jobs")} <Badge bg={jobs.length ? "danger" : "secondary"}>{jobs.length}</Badge>
          </Card.Title>
          {jobs.length === 0 ? (
            <p className="small text-body-secondary mb-0">{t("operations.no_failed_jobs")}</p>
          ) : (
            <ListGroup variant="flush">
              {jobs.map((job) => (
                <JobRow key={job.id} job={job} />
              ))}
            </ListGroup>
          )}
        </Card.Body>
      </Card>
      <Card className="mb-3">
        <Card.Body>
          <Card.Title as="h2" className="h6">
            {t("operations.stuck_payments", { hours: ops.data.stuck_after_hours })}{" "}
            <Badge bg={stuck.length ? "warning" : "secondary"} text={stuck.length ? "dark" : undefined}>
              {stuck.length}
            </Badge>
          </Card.Title>
          {stuck.length === 0 ? (
            <p className="small text-body-secondary mb-0">{t("operations.no_stuck_payments")}</p>
          ) : (
            <ListGroup variant="flush">
              {stuck.map((p) => (
                <ListGroup.Item key={p.id} className="small d-flex flex-wrap justify-content-between gap-2" data-testid="stuck-payment">
                  <span>
                    {formats.dateTime(p.created_at)} · {formats.money(p.amount, p.currency as Currency)} · {p.method} · {p.provider}
                  </span>
                  <span>
                    {t(`payment_status.${p.status}`, { defaultValue: p.status })}
                    {p.member_id !== null && (
                      <>
                        {" · "}
                        <Link to={`/console/members/${p.member_id}`}>#{p.member_id}</Link>
                      </>
                    )}
                  </span>
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
        </Card.Body>
      </Card>
    </section>
  );
}

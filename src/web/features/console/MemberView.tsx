import { Fragment, type ReactNode } from "react";
import { Alert, Badge, Card, Col, Row, Table } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Operator } from "../../../common/schemas/console";
import { PageSpinner } from "../../components/PageSpinner";
import { useFormats } from "../../i18n/formats";
import type { Currency } from "../../../common/paymentMethods";
import { AuditEntries } from "./AuditEntries";
import { useMemberDetail } from "./consoleApi";
import { CONSOLE_NS } from "./consoleI18n";
import { MemberActions } from "./MemberActions";
import { PaymentRefund } from "./PaymentRefund";

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const { t } = useTranslation(CONSOLE_NS);
  return (
    <Card className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          {title} <Badge bg="secondary">{count}</Badge>
        </Card.Title>
        {count === 0 ? <p className="text-body-secondary small mb-0">{t("member.none")}</p> : children}
      </Card.Body>
    </Card>
  );
}

/** One member as support sees them: account, restriction, actions, and their sessions, money, photos and trail. */
export function MemberView({ operator, id }: { operator: Operator; id: number }) {
  const { t } = useTranslation(CONSOLE_NS);
  const formats = useFormats();
  const detail = useMemberDetail(id);
  if (detail.isPending) return <PageSpinner />;
  if (detail.isError) return <Alert variant="danger">{detail.error.message}</Alert>;
  const m = detail.data;
  const facts: [string, ReactNode][] = [
    [t("member.email"), m.email],
    [t("member.site"), m.site],
    [t("member.signup"), formats.date(m.signup_date)],
    [t("member.status"), `${t(`account_status.${m.status}`)} · ${t(`profile_status.${m.profile_status}`)}`],
    [t("member.credits"), formats.number(m.credits)],
    [t("member.premium"), m.paid_user ? t("yes") : t("no")],
    [t("member.language"), m.language],
    [t("member.place"), [m.city, m.country].filter(Boolean).join(", ") || "–"],
    [t("member.scam_messages"), formats.number(m.scam_messages)],
  ];
  return (
    <section data-testid="member-view">
      <p className="mb-2">
        <Link to="/console">← {t("nav.members")}</Link>
      </p>
      <h1 className="h4 text-break">
        {m.name} <span className="text-body-secondary fs-6">#{m.id}</span>
      </h1>
      {m.restriction && (
        <Alert variant="danger" data-testid="member-restriction">
          {m.restriction.until
            ? t("restriction.suspension", { until: formats.dateTime(m.restriction.until), reason: m.restriction.reason })
            : t("restriction.ban", { reason: m.restriction.reason })}
        </Alert>
      )}
      <Row className="g-3">
        <Col md={6}>
          <Card className="mb-3">
            <Card.Body>
              <dl className="row mb-0 small">
                {facts.map(([label, value]) => (
                  <Fragment key={label}>
                    <dt className="col-5 text-body-secondary fw-normal">{label}</dt>
                    <dd className="col-7 text-break">{value}</dd>
                  </Fragment>
                ))}
              </dl>
            </Card.Body>
          </Card>
          <MemberActions operator={operator} member={m} />
        </Col>
        <Col md={6}>
          <Section title={t("member.sessions")} count={m.sessions.length}>
            <ul className="list-unstyled small mb-0">
              {m.sessions.map((s) => (
                <li key={s.id} className="mb-2 text-break">
                  {formats.dateTime(s.last_seen_at)} · {s.ip ?? "–"}
                  <div className="text-body-secondary">{s.user_agent}</div>
                </li>
              ))}
            </ul>
          </Section>
          <Section title={t("member.ledger")} count={m.ledger.length}>
            <Table size="sm" responsive className="small mb-0">
              <tbody>
                {m.ledger.map((l) => (
                  <tr key={l.id}>
                    <td>{formats.date(l.at, { dateStyle: "short" })}</td>
                    <td className="text-end">{l.delta > 0 ? `+${formats.number(l.delta)}` : formats.number(l.delta)}</td>
                    <td className="text-end">{formats.number(l.balance_after)}</td>
                    <td>{l.reason}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Section>
          <Section title={t("member.payments")} count={m.payments.length}>
            <Table size="sm" responsive className="small mb-0">
              <tbody>
                {m.payments.map((p) => (
                  <tr key={p.id}>
                    <td>{formats.date(p.at, { dateStyle: "short" })}</td>
                    <td className="text-end">{formats.money(p.amount, p.currency as Currency)}</td>
                    <td className="text-end">{formats.number(p.credits)}</td>
                    <td>
                      {t(`payment_status.${p.status}`, { defaultValue: p.status })}
                      {operator.role === "admin" && (p.status === "paid" || p.status === "refunded") && (
                        <div>
                          <PaymentRefund memberId={m.id} payment={p} />
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Section>
          <Section title={t("member.photos")} count={m.photos.length}>
            <ul className="list-unstyled small mb-0">
              {m.photos.map((p) => (
                <li key={p.id}>
                  {formats.date(p.created_at, { dateStyle: "short" })} · {p.status}
                </li>
              ))}
            </ul>
          </Section>
          <Section title={t("member.audit")} count={m.audit.length}>
            <AuditEntries entries={m.audit} />
          </Section>
        </Col>
      </Row>
    </section>
  );
}

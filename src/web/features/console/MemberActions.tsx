import { useState } from "react";
import { Alert, Button, Card, Form } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { GOODWILL_MAX_CREDITS, OPERATOR_REASON_MAX_LENGTH, SUSPENSION_MAX_DAYS } from "../../../common/constants";
import type { MemberDetail, Operator } from "../../../common/schemas/console";
import { type MemberAction, useMemberAction } from "./consoleApi";
import { CONSOLE_NS } from "./consoleI18n";

type Kind = MemberAction["kind"];

/** The actions of the operator's role (the server checks the role again), each with its reason. */
export function actionsFor(operator: Operator, member: MemberDetail): Kind[] {
  const kinds: Kind[] = [];
  if (!member.restriction && (operator.role === "moderator" || operator.role === "admin")) kinds.push("suspension");
  if (!member.restriction && operator.role === "admin") kinds.push("ban");
  if (member.restriction && operator.role === "admin") kinds.push("lift");
  if (operator.role === "support" || operator.role === "admin") kinds.push("end-sessions", "credits");
  if ((operator.role === "support" || operator.role === "admin") && member.status !== "confirmed") kinds.push("resend-activation");
  if (operator.role === "support" || operator.role === "admin") kinds.push("fictional");
  if (operator.role === "admin") kinds.push("erasure");
  return kinds;
}

export function MemberActions({ operator, member }: { operator: Operator; member: MemberDetail }) {
  const { t } = useTranslation(CONSOLE_NS);
  const kinds = actionsFor(operator, member);
  const [kind, setKind] = useState<Kind>(kinds[0]);
  const [days, setDays] = useState(7);
  const [credits, setCredits] = useState(10);
  const [reason, setReason] = useState("");
  const [done, setDone] = useState<Kind | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const action = useMemberAction(member.id);
  if (kinds.length === 0) return null;
  const current = kinds.includes(kind) ? kind : kinds[0];
  const label = (k: Kind) => (k === "fictional" ? t(member.fictional ? "actions.fictional_off" : "actions.fictional_on") : t(`actions.${k}`));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setDone(null);
    const body = { reason: reason.trim() };
    const order: MemberAction =
      current === "suspension"
        ? { kind: current, body: { ...body, days } }
        : current === "credits"
          ? { kind: current, body: { ...body, credits } }
          : current === "fictional"
            ? { kind: current, body: { ...body, fictional: !member.fictional } }
            : current === "erasure"
              ? { kind: current, body: { ...body, confirm: true } }
              : { kind: current, body };
    await action.mutateAsync(order).then(
      () => {
        setDone(current);
        setReason("");
        setConfirmed(false);
      },
      () => {},
    );
  };

  return (
    <Card className="mb-3" data-testid="member-actions">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t("actions.title")}
        </Card.Title>
        <Form onSubmit={submit}>
          <Form.Group className="mb-2" controlId="action-kind">
            <Form.Label>{t("actions.what")}</Form.Label>
            <Form.Select value={current} onChange={(e) => setKind(e.target.value as Kind)}>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {label(k)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {current === "suspension" && (
            <Form.Group className="mb-2" controlId="action-days">
              <Form.Label>{t("actions.days")}</Form.Label>
              <Form.Control type="number" min={1} max={SUSPENSION_MAX_DAYS} value={days} onChange={(e) => setDays(Number(e.target.value))} />
            </Form.Group>
          )}
          {current === "credits" && (
            <Form.Group className="mb-2" controlId="action-credits">
              <Form.Label>{t("actions.credits_amount")}</Form.Label>
              <Form.Control type="number" min={1} max={GOODWILL_MAX_CREDITS} value={credits} onChange={(e) => setCredits(Number(e.target.value))} />
            </Form.Group>
          )}
          <Form.Group className="mb-2" controlId="action-reason">
            <Form.Label>{t(current === "suspension" || current === "ban" ? "actions.reason_told" : "actions.reason")}</Form.Label>
            <Form.Control as="textarea" rows={2} required maxLength={OPERATOR_REASON_MAX_LENGTH} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Form.Group>
          {current === "erasure" && (
            <Form.Check
              className="mb-2"
              id="action-erasure-confirm"
              checked={confirmed}
              onChange={(e) => setConfirmed(e.target.checked)}
              label={t("actions.erasure_confirm")}
            />
          )}
          {action.isError && <Alert variant="danger">{action.error.message}</Alert>}
          {done && <Alert variant="success">{t("actions.done")}</Alert>}
          <Button
            type="submit"
            variant={current === "ban" || current === "suspension" || current === "erasure" ? "danger" : "primary"}
            disabled={action.isPending || !reason.trim() || (current === "erasure" && !confirmed)}
          >
            {label(current)}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

import { useState } from "react";
import { Alert, Button, Card, Container, Form, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { APPEAL_TEXT_MAX_LENGTH } from "../../common/constants";
import { useSendAppeal, useAppealState } from "../features/decisions/decisionsApi";
import { useFormats } from "../i18n/formats";

/** /appeal?key=...: the reported member's one appeal against a decision (no login needed: a banned member has none). */
export function AppealPage() {
  const { t } = useTranslation();
  const formats = useFormats();
  const [params] = useSearchParams();
  const key = params.get("key") ?? "";
  const state = useAppealState(key);
  const send = useSendAppeal(key);
  const [text, setText] = useState("");
  const d = state.data;
  return (
    <Container className="py-4" style={{ maxWidth: 720 }} data-testid="appeal-page">
      <h1 className="h2">{t("decisions.appeal.title")}</h1>
      {state.isPending && key && <Spinner size="sm" />}
      {(!key || state.isError) && <Alert variant="warning">{t("decisions.appeal.invalid")}</Alert>}
      {d && (
        <>
          <Alert variant="secondary" className="text-break">
            {t("decisions.notice.decision_body", {
              action: t(`decisions.action.${d.decision}`, { until: d.until ? formats.dateTime(d.until) : "" }),
              rule: t(`decisions.rule.${d.rule}`),
              reason: d.reason,
            })}
          </Alert>
          {d.outcome ? (
            <Alert key="alert" variant="info">
              {t(`decisions.appeal_outcome.${d.outcome}`)}
            </Alert>
          ) : d.appealed || send.isSuccess ? (
            <Alert key="alert-2" variant="success" data-testid="appeal-sent">
              {send.isSuccess ? t("decisions.appeal.sent") : t("decisions.appeal.already")}
            </Alert>
          ) : (
            <Card key="card">
              <Card.Body>
                <p>{t("decisions.appeal.intro")}</p>
                <Form
                  onSubmit={(e) => {
                    e.preventDefault();
                    send.mutate(text);
                  }}
                >
                  <Form.Group className="mb-3" controlId="appeal-text">
                    <Form.Label>{t("decisions.appeal.text")}</Form.Label>
                    <Form.Control as="textarea" rows={5} maxLength={APPEAL_TEXT_MAX_LENGTH} value={text} onChange={(e) => setText(e.target.value)} required />
                  </Form.Group>
                  {send.isError && <Alert variant="danger">{send.error.message}</Alert>}
                  <Button type="submit" disabled={send.isPending || text.trim().length === 0}>
                    {t("decisions.appeal.send")}
                  </Button>
                </Form>
              </Card.Body>
            </Card>
          )}
        </>
      )}
      <p className="mt-4">
        <Link to="/safety">{t("safety.link")}</Link>
      </p>
    </Container>
  );
}

import { useState } from "react";
import { Alert, Button, Col, Form, Row, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { AUDIT_ACTIONS, type AuditEntry, type AuditQuery } from "../../../common/schemas/console";
import { AuditEntries } from "./AuditEntries";
import { useAuditLog } from "./consoleApi";
import { CONSOLE_NS } from "./consoleI18n";

type Filters = Omit<AuditQuery, "before">;

const positive = (value: string) => (/^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/** The audit log for admins: filters by operator, action, member and days; older entries a page at a time. */
export function AuditLog() {
  const { t } = useTranslation(CONSOLE_NS);
  const [form, setForm] = useState({ operator: "", member: "", action: "", from: "", to: "" });
  const [filters, setFilters] = useState<Filters>({});
  const [pages, setPages] = useState<number[]>([]);
  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    setPages([]);
    setFilters({
      operator_id: positive(form.operator),
      member_id: positive(form.member),
      action: (AUDIT_ACTIONS as readonly string[]).includes(form.action) ? (form.action as Filters["action"]) : undefined,
      from: form.from || undefined,
      to: form.to || undefined,
    });
  };
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  return (
    <section>
      <h1 className="h4">{t("nav.audit")}</h1>
      <Form onSubmit={apply} className="mb-3" data-testid="audit-filters">
        <Row className="g-2">
          <Col xs={6} md={2}>
            <Form.Label htmlFor="audit-operator" className="small mb-0">
              {t("audit.operator")}
            </Form.Label>
            <Form.Control id="audit-operator" inputMode="numeric" {...field("operator")} />
          </Col>
          <Col xs={6} md={2}>
            <Form.Label htmlFor="audit-member" className="small mb-0">
              {t("audit.member")}
            </Form.Label>
            <Form.Control id="audit-member" inputMode="numeric" {...field("member")} />
          </Col>
          <Col xs={12} md={3}>
            <Form.Label htmlFor="audit-action" className="small mb-0">
              {t("audit.action")}
            </Form.Label>
            <Form.Select id="audit-action" {...field("action")}>
              <option value="">{t("audit.any_action")}</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`audit_actions.${a}`)}
                </option>
              ))}
            </Form.Select>
          </Col>
          <Col xs={6} md={2}>
            <Form.Label htmlFor="audit-from" className="small mb-0">
              {t("audit.from")}
            </Form.Label>
            <Form.Control id="audit-from" type="date" {...field("from")} />
          </Col>
          <Col xs={6} md={2}>
            <Form.Label htmlFor="audit-to" className="small mb-0">
              {t("audit.to")}
            </Form.Label>
            <Form.Control id="audit-to" type="date" {...field("to")} />
          </Col>
          <Col xs={12} md={1} className="d-flex align-items-end">
            <Button type="submit" className="w-100">
              {t("audit.filter")}
            </Button>
          </Col>
        </Row>
      </Form>
      <AuditPageView filters={filters} before={undefined} onMore={(next) => setPages([next])} />
      {pages.map((before, i) => (
        <AuditPageView key={before} filters={filters} before={before} onMore={(next) => setPages([...pages.slice(0, i + 1), next])} />
      ))}
    </section>
  );
}

function AuditPageView({ filters, before, onMore }: { filters: Filters; before: number | undefined; onMore: (next: number) => void }) {
  const { t } = useTranslation(CONSOLE_NS);
  const page = useAuditLog({ ...filters, before });
  if (page.isPending) return <Spinner size="sm" />;
  if (page.isError) return <Alert variant="danger">{page.error.message}</Alert>;
  const entries: AuditEntry[] = page.data.entries;
  return (
    <>
      {entries.length === 0 && before === undefined && <p className="text-body-secondary">{t("audit.empty")}</p>}
      <AuditEntries entries={entries} />
      {page.data.next !== null && (
        <Button variant="outline-secondary" size="sm" className="mt-2" onClick={() => onMore(page.data.next as number)}>
          {t("audit.more")}
        </Button>
      )}
    </>
  );
}

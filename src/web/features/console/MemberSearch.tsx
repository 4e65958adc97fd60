import { useState } from "react";
import { Alert, Badge, Button, Form, InputGroup, ListGroup, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useMemberSearch } from "./consoleApi";
import { CONSOLE_NS } from "./consoleI18n";

/** Finding a member by e-mail, id or name; the query stays in the address, so that back comes back here. */
export function MemberSearch() {
  const { t } = useTranslation(CONSOLE_NS);
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [draft, setDraft] = useState(q);
  const hits = useMemberSearch(q);
  return (
    <section>
      <h1 className="h4">{t("nav.members")}</h1>
      <Form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(draft.trim() ? { q: draft.trim() } : {});
        }}
      >
        <InputGroup className="mb-3">
          <Form.Control
            aria-label={t("search.label")}
            placeholder={t("search.label")}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={254}
            data-testid="member-search"
          />
          <Button type="submit">{t("search.submit")}</Button>
        </InputGroup>
      </Form>
      {hits.isFetching && <Spinner size="sm" />}
      {hits.isError && <Alert variant="danger">{hits.error.message}</Alert>}
      {hits.data && hits.data.length === 0 && <p className="text-body-secondary">{t("search.none")}</p>}
      {hits.data && hits.data.length > 0 && (
        <ListGroup data-testid="member-hits">
          {hits.data.map((m) => (
            <ListGroup.Item key={m.id} action as={Link} to={`/console/members/${m.id}`} className="d-flex justify-content-between align-items-start gap-2">
              <div className="text-break">
                <div className="fw-semibold">{m.name}</div>
                <div className="small text-body-secondary">
                  #{m.id} · {m.email} · {m.site}
                </div>
              </div>
              {m.restricted ? <Badge bg="danger">{t("member.restricted")}</Badge> : <Badge bg="secondary">{t(`profile_status.${m.status}`)}</Badge>}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}

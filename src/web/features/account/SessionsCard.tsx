import { useMutation, useQuery } from "@tanstack/react-query";
import { Badge, Button, Card, ListGroup } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { call } from "../../api/apiClient";
import { queryClient } from "../../api/queryClient";
import { useFormats } from "../../i18n/formats";
import { deviceLabel } from "./deviceLabel";

const KEY = ["sessions"] as const;

/** Where the member is logged in; logging out one device, or all the others. */
export function SessionsCard() {
  const { t } = useTranslation();
  const formats = useFormats();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call("GET /api/sessions.php", {}, { signal }), staleTime: 0 });
  const end = useMutation({
    mutationFn: (query: { id: number } | { others: "1" }) => call("DELETE /api/sessions.php", { query }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const sessions = list.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current);
  return (
    <Card className="border-0 shadow-sm mt-4" data-testid="sessions-card">
      <Card.Body>
        <h3 className="h5">{t("sessions.title")}</h3>
        <ListGroup variant="flush" className="mb-2">
          {sessions.map((s) => (
            <ListGroup.Item key={s.id} className="px-0 d-flex align-items-center gap-2" data-testid="session-row">
              <div className="me-auto">
                <div className="fw-semibold">
                  {deviceLabel(s.user_agent) ?? t("sessions.unknown_device")}{" "}
                  {s.current && (
                    <Badge bg="success" className="ms-1">
                      {t("sessions.this_device")}
                    </Badge>
                  )}
                </div>
                <div className="small text-body-secondary">
                  {t("sessions.last_seen", { date: formats.date(s.last_seen_at, { dateStyle: "medium", timeStyle: "short" }) })}
                  {s.ip ? ` · ${s.ip}` : ""}
                </div>
              </div>
              {!s.current && (
                <Button size="sm" variant="outline-secondary" disabled={end.isPending} onClick={() => end.mutate({ id: s.id })}>
                  {t("sessions.log_out")}
                </Button>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
        {others.length > 0 && (
          <Button size="sm" variant="outline-danger" disabled={end.isPending} onClick={() => end.mutate({ others: "1" })} data-testid="sessions-end-others">
            {t("sessions.log_out_others")}
          </Button>
        )}
        {end.isError && <p className="small text-danger mt-2 mb-0">{end.error.message}</p>}
      </Card.Body>
    </Card>
  );
}

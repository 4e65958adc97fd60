import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { CONSOLE_NS } from "./consoleI18n";

/**
 * A moderator's decision on one queued item: approve, or reject with a reason from the list. `texts`
 * names the queue's keys (`<texts>.approve`, `.reason`, `.choose`, `.reasons.<reason>`, `.reject`);
 * `decide` is the item's mutation, given null to approve.
 */
export function ApproveOrReject<Reason extends string>({
  reasons,
  texts,
  decide,
  className = "",
}: {
  reasons: readonly Reason[];
  texts: string;
  decide: UseMutationResult<unknown, Error, Reason | null>;
  className?: string;
}) {
  const { t } = useTranslation(CONSOLE_NS);
  const [reason, setReason] = useState<Reason | "">("");
  return (
    <>
      {decide.isError && (
        <Alert variant="danger" className={className}>
          {decide.error.message}
        </Alert>
      )}
      <div className={`d-flex flex-wrap gap-2 align-items-start ${className}`}>
        <Button variant="success" onClick={() => decide.mutate(null)} disabled={decide.isPending}>
          {t(`${texts}.approve`)}
        </Button>
        <Form
          className="d-flex flex-wrap gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason) decide.mutate(reason);
          }}
        >
          <Form.Select aria-label={t(`${texts}.reason`)} value={reason} onChange={(e) => setReason(e.target.value as Reason | "")} className="w-auto">
            <option value="">{t(`${texts}.choose`)}</option>
            {reasons.map((r) => (
              <option key={r} value={r}>
                {t(`${texts}.reasons.${r}`)}
              </option>
            ))}
          </Form.Select>
          <Button type="submit" variant="danger" disabled={!reason || decide.isPending}>
            {t(`${texts}.reject`)}
          </Button>
        </Form>
      </div>
    </>
  );
}

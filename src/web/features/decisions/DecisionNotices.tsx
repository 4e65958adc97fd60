import { Alert, Button } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MemberNotice } from "../../../common/schemas/decisions";
import { useUser } from "../../api/userApi";
import { useFormats } from "../../i18n/formats";
import { useNoticeSeen, useNotices } from "./decisionsApi";

/**
 * Decisions told on the site (DSA Art. 17; the mail says the same): the member's own, with the rule,
 * the action and how to appeal; a report's outcome, without the sanction; an appeal's outcome (to a
 * reporter: whether the decision stands, and whether a reversal gave the member their account back).
 */
export function DecisionNotices() {
  const user = useUser();
  const notices = useNotices(Boolean(user));
  if (!user || !notices.data?.notices.length) return null;
  return (
    <div className="container pt-3" data-testid="decision-notices">
      {notices.data.notices.map((n) => (
        <NoticeAlert key={n.id} notice={n} />
      ))}
    </div>
  );
}

function NoticeAlert({ notice }: { notice: MemberNotice }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const seen = useNoticeSeen();
  const action = notice.decision ? t(`decisions.action.${notice.decision}`, { until: notice.until ? formats.dateTime(notice.until) : "" }) : "";
  const rule = notice.rule ? t(`decisions.rule.${notice.rule}`) : "";
  let title: string;
  let body: string;
  if (notice.kind === "report_outcome") {
    title = t("decisions.notice.report_title", { name: notice.about });
    body = t(notice.acted ? "decisions.notice.report_acted" : "decisions.notice.report_dismissed");
  } else if (notice.kind === "report_appeal_outcome") {
    const outcome = notice.outcome === "reversed" ? (notice.restored ? "restored" : "reversed") : "upheld";
    title = t("decisions.notice.report_appeal_title", { name: notice.about });
    body = t("decisions.notice.report_appeal_body", { name: notice.about, outcome: t(`decisions.report_appeal_outcome.${outcome}`) });
  } else if (notice.kind === "appeal_outcome") {
    title = t("decisions.notice.appeal_title");
    body = `${t(`decisions.appeal_outcome.${notice.outcome ?? "upheld"}`)} ${t("decisions.notice.reasons", { reason: notice.reason })}`;
  } else {
    title = t("decisions.notice.decision_title");
    body = t("decisions.notice.decision_body", { action, rule, reason: notice.reason });
  }
  return (
    <Alert variant={notice.kind === "decision" ? "warning" : "info"} className="mb-2" data-testid={`notice-${notice.kind}`}>
      <Alert.Heading as="h2" className="h6">
        {title}
      </Alert.Heading>
      <p className="mb-2 text-break">{body}</p>
      <div className="d-flex flex-wrap gap-2">
        {notice.appeal && (
          <Link className="btn btn-sm btn-outline-dark" to={`/appeal?key=${encodeURIComponent(notice.appeal)}`}>
            {t("decisions.notice.appeal")}
          </Link>
        )}
        <Button size="sm" variant="dark" disabled={seen.isPending} onClick={() => seen.mutate(notice.id)}>
          {t("decisions.notice.seen")}
        </Button>
      </div>
    </Alert>
  );
}

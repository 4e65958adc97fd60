import { useTranslation } from "react-i18next";
import type { Activity } from "../../../common/activity";
import "./memberActivity.scss";

/** How recently a member was active (common/activity.ts): "Online now", "Active today", "Active this week". */
export function MemberActivity({ activity, className = "" }: { activity: Activity; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`member-activity ${activity === "online" ? "is-online" : ""} ${className}`} data-testid="member-activity">
      <span className="activity-dot" aria-hidden="true" />
      {t(`members.activity_${activity}`)}
    </span>
  );
}

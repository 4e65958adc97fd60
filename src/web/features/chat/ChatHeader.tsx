import { Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MemberCard } from "../../../common/schemas/user";
import { Icon } from "../../components/Icon";
import { PrefetchLink } from "../../components/PrefetchLink";
import { CallButtons } from "../calls/CallButtons";
import { ShareDateButton } from "../dateShares/ShareDateButton";
import { ReportButton } from "../members/ReportButton";
import { VerifiedBadge } from "../members/VerifiedBadge";
import { FictionalMark } from "./FictionalMark";
import { MemberAvatar } from "./MemberAvatar";

/**
 * The conversation's slim header: back to the list, the partner's photo and name linking to the
 * profile, and (once the conversation exists) voice and video calls, Share my date, the safety tips and Report.
 */
export function ChatHeader({ member, conversation = null }: { member: MemberCard | null; conversation?: number | null }) {
  const { t } = useTranslation();
  return (
    <header className="chat-header">
      <Container className="chat-container d-flex align-items-center gap-2 py-2 px-2">
        <PrefetchLink to="/chats" className="btn btn-link chat-back" aria-label={t("chat.back")} title={t("chat.back")} data-testid="chat-back">
          <Icon name="back" size={22} />
        </PrefetchLink>
        {member && (
          <PrefetchLink to={`/members/${member.id}`} className="chat-partner" data-testid="chat-partner">
            <MemberAvatar member={member} size={40} />
            <h1 className="h6 fw-semibold mb-0 text-truncate">
              {member.name}
              {member.age !== null && <span className="fw-normal">{`, ${member.age}`}</span>}
              {member.verified && <VerifiedBadge size={16} className="ms-1" />}
            </h1>
            {member.fictional && <FictionalMark />}
          </PrefetchLink>
        )}
        {member && (
          <div className="ms-auto d-flex align-items-center">
            {conversation !== null && !member.fictional && <CallButtons conversation={conversation} name={member.name} />}
            {conversation !== null && <ShareDateButton conversation={conversation} name={member.name} />}
            <Link to="/safety" className="chat-report text-body-secondary" aria-label={t("safety.link")} title={t("safety.link")} data-testid="chat-safety">
              <Icon name="shield" size={22} />
            </Link>
            <ReportButton id={member.id} name={member.name} fromChat compact />
          </div>
        )}
      </Container>
    </header>
  );
}

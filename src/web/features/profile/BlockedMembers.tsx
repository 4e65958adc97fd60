import { useTranslation } from "react-i18next";
import { useBlocks } from "../../api/membersApi";
import { useSettings } from "../../api/settingsApi";
import { PageSpinner } from "../../components/PageSpinner";
import { PrefetchLink } from "../../components/PrefetchLink";
import { BlockButton } from "../members/BlockButton";

/** The members this member has blocked, each with an unblock button. */
export function BlockedMembers() {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const blocks = useBlocks();
  if (blocks.isPending) return <PageSpinner />;
  if (blocks.isError) return <p className="text-danger small mb-0">{blocks.error.message}</p>;
  if (blocks.data.profiles.length === 0) return <p className="small text-body-secondary mb-0">{t("profile.blocked_none")}</p>;
  return (
    <ul className="list-unstyled mb-0" data-testid="blocked-members">
      {blocks.data.profiles.map((member) => (
        <li key={member.id} className="d-flex align-items-center gap-2 py-2 border-bottom">
          {member.main_image ? (
            <img src={cdn_prefix + member.main_image.thumb_filename} alt="" width={40} height={40} className="rounded-circle object-fit-cover" />
          ) : (
            <span className="blocked-initial rounded-circle bg-secondary text-white d-inline-flex align-items-center justify-content-center" aria-hidden="true">
              {member.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <PrefetchLink to={`/members/${member.id}`} className="me-auto text-truncate">
            {member.name}
          </PrefetchLink>
          <BlockButton id={member.id} name={member.name} blocked size="sm" />
        </li>
      ))}
    </ul>
  );
}

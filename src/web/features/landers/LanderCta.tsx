import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useUser } from "../../api/userApi";
import { PrefetchLink } from "../../components/PrefetchLink";
import { SignupLink } from "../signup/SignupLink";

interface Props {
  /** A member of the page: the signup offers to write them a first message. */
  member?: { id: number; name: string };
  className?: string;
  children?: ReactNode;
}

/**
 * A landing page's call to action: the signup modal for a visitor; a member who is already logged in
 * goes on to the members area (or the member's chat) instead of signing up again.
 */
export function LanderCta({ member, className = "btn btn-primary btn-lg px-5", children }: Props) {
  const { t } = useTranslation();
  const user = useUser();
  const label = children ?? t("landers.cta");
  if (user) {
    return (
      <PrefetchLink to={member ? `/members/${member.id}/chat` : "/members"} className={className} data-testid="lander-cta">
        {member ? t("landers.write_to", { name: member.name }) : t("landers.to_members")}
      </PrefetchLink>
    );
  }
  return (
    <SignupLink member={member} className={className} testId="lander-cta">
      {label}
    </SignupLink>
  );
}

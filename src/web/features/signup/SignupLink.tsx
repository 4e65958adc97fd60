import type { MouseEvent, ReactNode } from "react";
import { useSignupModal } from "../../stores/signupModalStore";
import { preloadSignupDialog } from "./SignupModal";

interface Props {
  /** The member of the landing page or profile: the signup offers to write them a first message. */
  member?: { id: number; name: string };
  className?: string;
  children: ReactNode;
  testId?: string;
}

/**
 * A call to sign up: a real link to /signup (new tab, crawlers, no script), which on a plain click
 * opens the signup modal over the page instead.
 */
export function SignupLink({ member, className, children, testId }: Props) {
  const open = useSignupModal((s) => s.open);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    open({ member });
  };
  return (
    <a
      href={member ? `/members/${member.id}/signup` : "/signup"}
      className={className}
      onClick={click}
      onPointerDown={preloadSignupDialog}
      onMouseEnter={preloadSignupDialog}
      data-testid={testId}
    >
      {children}
    </a>
  );
}

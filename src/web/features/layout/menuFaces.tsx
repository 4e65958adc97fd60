import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { User } from "../../../common/schemas/user";
import { useSettings } from "../../api/settingsApi";
import { Icon } from "../../components/Icon";

/** What the account menu's button shows: the member's photo (or initial), and their name on wide screens. */
export function AccountFace({ user }: { user: User }) {
  const { cdn_prefix } = useSettings();
  const image = user.profile.main_image ? cdn_prefix + user.profile.main_image.thumb_filename : null;
  return (
    <>
      {image ? (
        <img key="img" src={image} alt="" width={30} height={30} className="rounded-circle object-fit-cover" />
      ) : (
        <span
          key="span"
          className="avatar-initial rounded-circle bg-primary text-white d-inline-flex align-items-center justify-content-center"
          style={{ width: 30, height: 30 }}
          data-initial={user.profile.name.slice(0, 1).toUpperCase()}
          aria-hidden="true"
        />
      )}
      <span className="d-none d-lg-inline">{user.profile.name}</span>
    </>
  );
}

/** What the language menu's button shows: a globe, and the language's code from small screens up. */
export function LanguageFace() {
  const { i18n } = useTranslation();
  return (
    <>
      <Icon name="globe" /> <span className="small d-none d-sm-inline">{i18n.language.toUpperCase()}</span>
    </>
  );
}

/** The classes of the menus' buttons, the same on the stand-in and on the dropdown's toggle. */
export const MENU_BUTTON_CLASS = { account: "nav-icon-link text-decoration-none px-1", language: "nav-icon-link text-decoration-none" } as const;

/**
 * A menu's button before its dropdown has loaded (useDeferredMenus): it looks as the dropdown's toggle
 * does, and a press asks for the menu.
 */
export function MenuStandIn({
  kind,
  label,
  testId,
  onPress,
  children,
}: {
  kind: keyof typeof MENU_BUTTON_CLASS;
  label: string;
  testId: string;
  onPress(): void;
  children: ReactNode;
}) {
  return (
    <div className="dropdown">
      <button
        type="button"
        className={`dropdown-toggle btn btn-link ${MENU_BUTTON_CLASS[kind]}`}
        aria-label={label}
        aria-expanded="false"
        data-testid={testId}
        onClick={onPress}
      >
        {children}
      </button>
    </div>
  );
}

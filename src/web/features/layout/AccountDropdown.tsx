import { useTranslation } from "react-i18next";
import type { User } from "../../../common/schemas/user";
import { AccountFace, MenuStandIn } from "./menuFaces";
import { useDeferredMenus } from "./useDeferredMenus";

/**
 * The member's account menu in the top bar. Its button shows at once; the menu itself (TopBarMenus)
 * takes its place once loaded, and a press before then loads it and opens it.
 */
export function AccountDropdown({ user }: { user: User }) {
  const { t } = useTranslation();
  const { menus, openAtOnce, press } = useDeferredMenus();
  const label = `${user.profile.name} (${t("nav.account")})`;
  if (menus) return <menus.AccountMenu user={user} label={label} openAtOnce={openAtOnce} />;
  return (
    <MenuStandIn kind="account" label={label} testId="account-dropdown" onPress={press}>
      <AccountFace user={user} />
    </MenuStandIn>
  );
}

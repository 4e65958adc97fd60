import { Dropdown } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { User } from "../../../common/schemas/user";
import { useSettings } from "../../api/settingsApi";
import { useLogout } from "../../api/userApi";

export function AccountDropdown({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const { cdn_prefix } = useSettings();
  const image = user.profile.main_image ? cdn_prefix + user.profile.main_image.thumb_filename : null;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="link"
        className="nav-icon-link text-decoration-none px-1"
        aria-label={`${user.profile.name} (${t("nav.account")})`}
        data-testid="account-dropdown"
      >
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
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as={Link} to="/profile">
          {t("nav.my_profile")}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/profile#settings">
          {t("nav.settings")}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/notifications">
          {t("nav.notifications")}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/lang-config" className="d-sm-none" data-testid="account-language">
          {t("nav.language")}
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item as="button" data-testid="logout" onClick={() => logout.mutate(undefined, { onSettled: () => navigate("/") })}>
          {t("nav.logout")}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

import { Badge, Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { NavLink, useNavigate } from "react-router";
import { useSettings } from "../../api/settingsApi";
import { useUser } from "../../api/userApi";
import { PrefetchLink } from "../../components/PrefetchLink";
import { isInstalledApp } from "../../hooks/useInstalledApp";
import { installedBackTarget, showInstalledBack } from "./installedBack";
import { useRouteName } from "../../hooks/useRouteName";
import { useChatStore } from "../../stores/chatStore";
import { Icon } from "../../components/Icon";
import { useFormats } from "../../i18n/formats";
import { AccountDropdown } from "./AccountDropdown";
import { countBadgeText, creditsBadgeVariant } from "./countBadgeText";
import { LanguageDropdown } from "./LanguageDropdown";
import { useStoreState } from "../../stores/useStoreState";

/** Top navigation: for members search, messages, likes, credits, language and account; for visitors login and language. */
export function TopBar() {
  const { t } = useTranslation();
  const formats = useFormats();
  const settings = useSettings();
  const user = useUser();
  const routeName = useRouteName();
  const navigate = useNavigate();
  const unread = useStoreState(useChatStore, (s) => s.totalUnreadMessages);
  const newLikes = useStoreState(useChatStore, (s) => s.totalNewLikes);
  // In the installed app there is no browser back button; we show ours on inner pages (installedBack.ts).
  const showBack = showInstalledBack(isInstalledApp(), routeName);
  const back = () => {
    const target = installedBackTarget((window.history.state as { idx?: number } | null)?.idx);
    if (target === -1) navigate(-1);
    else navigate(target);
  };
  const creditsVariant = user ? creditsBadgeVariant(user.credits) : null;

  return (
    <header className="topbar sticky-top">
      <Container className="d-flex align-items-center gap-1 py-2 px-2 px-sm-3">
        {showBack && (
          <button type="button" className="btn btn-link nav-icon-link" onClick={back} aria-label={t("nav.back")} data-testid="installed-back">
            <Icon name="back" />
          </button>
        )}
        <PrefetchLink to="/" className="brand me-auto">
          {settings.name}
        </PrefetchLink>
        {user ? (
          <nav className="d-flex align-items-center gap-0 gap-sm-1" aria-label={t("nav.menu")}>
            <NavLink to="/members" className="nav-icon-link" title={t("nav.search")}>
              <Icon name="search" />
              <span className="d-none d-md-inline">{t("nav.search")}</span>
            </NavLink>
            <NavLink to="/chats" className="nav-icon-link" title={t("nav.messages")} data-testid="nav-messages">
              <Icon name="chat" />
              <span className="d-none d-md-inline">{t("nav.messages")}</span>
              {unread > 0 && (
                <Badge pill className="count-badge unread-badge" data-testid="unread-badge" aria-label={t("nav.unread_messages", { count: unread })}>
                  {countBadgeText(unread)}
                </Badge>
              )}
            </NavLink>
            <NavLink to="/likes" className="nav-icon-link" title={t("nav.likes")} data-testid="nav-likes">
              <Icon name="heart" />
              <span className="d-none d-md-inline">{t("nav.likes")}</span>
              {newLikes > 0 && (
                <Badge pill bg="secondary" className="count-badge" aria-label={t("nav.new_likes", { count: newLikes })}>
                  {countBadgeText(newLikes)}
                </Badge>
              )}
            </NavLink>
            {/* Every member sees their balance (free members too: their signup credits are real credits). */}
            <NavLink to="/credits" className="nav-icon-link" data-testid="nav-credits">
              <Icon name="coin" />
              {creditsVariant ? (
                <Badge key="badge" pill bg={creditsVariant} text={creditsVariant === "warning" ? "dark" : undefined} data-testid="credits-badge">
                  {formats.number(user.credits)}
                </Badge>
              ) : (
                <span key="span">{formats.number(user.credits)}</span>
              )}
              <span className="visually-hidden">{t("nav.credits_count", { count: user.credits })}</span>
            </NavLink>
            {!user.paid_user && (
              <NavLink
                to="/premium"
                className="btn btn-sm btn-primary text-nowrap mx-1 px-2 px-sm-3 premium-button"
                title={t("nav.get_premium")}
                data-testid="get-premium"
              >
                {/* On a phone a star, so that the bar fits 360 px in every language. */}
                <Icon name="star" size={18} className="d-sm-none" />
                <span className="premium-button-text">{t("nav.get_premium")}</span>
              </NavLink>
            )}
            {/* On a phone the language is in the account menu. */}
            <div className="d-none d-sm-block">
              <LanguageDropdown />
            </div>
            <AccountDropdown user={user} />
          </nav>
        ) : (
          <nav className="d-flex align-items-center gap-2" aria-label={t("nav.menu")}>
            <LanguageDropdown />
            <PrefetchLink to="/login" className="btn btn-outline-primary btn-sm px-3" data-testid="nav-login">
              {t("nav.login")}
            </PrefetchLink>
          </nav>
        )}
      </Container>
    </header>
  );
}

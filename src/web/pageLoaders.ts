import type { ComponentType } from "react";
import { matchPageRoute, type RouteName } from "../common/routes";

type PageModule = Record<string, ComponentType>;
type Loader = () => Promise<PageModule>;

// Every page of the shared route table, each in its own chunk.
export const pages: Record<RouteName, [Loader, string]> = {
  // A member's home renders the search: ready once its chunk is there too (HomePage.tsx).
  index: [
    async () => {
      const { HomePage, homeReady } = await import("./pages/HomePage");
      await homeReady();
      return { HomePage };
    },
    "HomePage",
  ],
  console: [() => import("./pages/ConsolePage"), "ConsolePage"],
  "console-appeals": [() => import("./pages/ConsolePage"), "ConsolePage"],
  "console-complaints": [() => import("./pages/ConsolePage"), "ConsolePage"],
  appeal: [() => import("./pages/AppealPage"), "AppealPage"],
  safety: [() => import("./pages/SafetyPage"), "SafetyPage"],
  "console-audit": [() => import("./pages/ConsolePage"), "ConsolePage"],
  "console-reports": [() => import("./pages/ConsolePage"), "ConsolePage"],
  "console-photos": [() => import("./pages/ConsolePage"), "ConsolePage"],
  "console-verifications": [() => import("./pages/ConsolePage"), "ConsolePage"],
  "console-operations": [() => import("./pages/ConsolePage"), "ConsolePage"],
  "console-members-id": [() => import("./pages/ConsolePage"), "ConsolePage"],
  login: [() => import("./pages/LoginPage"), "LoginPage"],
  signup: [() => import("./pages/SignupPage"), "SignupPage"],
  "complete-signup": [() => import("./pages/CompleteSignupPage"), "CompleteSignupPage"],
  "signup-matches": [() => import("./pages/SignupMatchesPage"), "SignupMatchesPage"],
  "reset-password": [() => import("./pages/ResetPasswordPage"), "ResetPasswordPage"],
  "reset-password-do": [() => import("./pages/ResetPasswordDoPage"), "ResetPasswordDoPage"],
  "activate-done": [() => import("./pages/ActivateDonePage"), "ActivateDonePage"],
  "activate-error": [() => import("./pages/ActivateErrorPage"), "ActivateErrorPage"],
  "mail-change-do": [() => import("./pages/MailChangeDoPage"), "MailChangeDoPage"],
  "secure-account": [() => import("./pages/SecureAccountPage"), "SecureAccountPage"],
  members: [() => import("./pages/MembersPage"), "MembersPage"],
  "members-id": [() => import("./pages/MemberPage"), "MemberPage"],
  "members-id-signup": [() => import("./pages/MemberSignupPage"), "MemberSignupPage"],
  "members-id-landing": [() => import("./pages/MemberLandingPage"), "MemberLandingPage"],
  "members-id-landing2": [() => import("./pages/MemberLandingPage"), "MemberLandingPage"],
  "members-id-landing3": [() => import("./pages/MemberLandingPage"), "MemberLandingPage"],
  "landers-tinderswipe": [() => import("./pages/TinderSwipeLanderPage"), "TinderSwipeLanderPage"],
  "landers-name": [() => import("./pages/LanderPage"), "LanderPage"],
  chats: [() => import("./pages/ChatsPage"), "ChatsPage"],
  "chats-id": [() => import("./pages/ChatPage"), "ChatPage"],
  "members-id-chat": [() => import("./pages/ChatPage"), "ChatPage"],
  likes: [() => import("./pages/LikesPage"), "LikesPage"],
  "likes-type": [() => import("./pages/LikesPage"), "LikesPage"],
  "likes-m-id": [() => import("./pages/MemberPage"), "MemberPage"],
  "swipe-game": [() => import("./pages/SwipeGamePage"), "SwipeGamePage"],
  "match-finder": [() => import("./pages/MatchFinderPage"), "MatchFinderPage"],
  profile: [() => import("./pages/ProfilePage"), "ProfilePage"],
  "lang-config": [() => import("./pages/LangConfigPage"), "LangConfigPage"],
  notifications: [() => import("./pages/NotificationsPage"), "NotificationsPage"],
  unsubscribe: [() => import("./pages/UnsubscribePage"), "UnsubscribePage"],
  credits: [() => import("./pages/CreditsPage"), "CreditsPage"],
  "credits-repeat-order": [() => import("./pages/RepeatOrderPage"), "RepeatOrderPage"],
  "credits-id-paymentmethod": [() => import("./pages/PaymentPage"), "PaymentPage"],
  premium: [() => import("./pages/PremiumPage"), "PremiumPage"],
  directdebit: [() => import("./pages/DirectDebitPage"), "DirectDebitPage"],
  pricing: [() => import("./pages/PricingPage"), "PricingPage"],
  transactions: [() => import("./pages/TransactionsPage"), "TransactionsPage"],
  "pages-terms": [() => import("./pages/LegalPage"), "LegalPage"],
  "pages-privacy": [() => import("./pages/LegalPage"), "LegalPage"],
  "pages-cookies": [() => import("./pages/LegalPage"), "LegalPage"],
  "pages-ban": [() => import("./pages/LegalPage"), "LegalPage"],
  "pages-return-policy": [() => import("./pages/LegalPage"), "LegalPage"],
  "pages-faq": [() => import("./pages/FaqPage"), "FaqPage"],
  "pages-service": [() => import("./pages/ServicePage"), "ServicePage"],
  complaints: [() => import("./pages/ComplaintsPage"), "ComplaintsPage"],
  "account-deleted": [() => import("./pages/AccountDeletedPage"), "AccountDeletedPage"],
  token: [() => import("./pages/TokenPage"), "TokenPage"],
  "date-share": [() => import("./pages/DateSharePage"), "DateSharePage"],
  reactivate: [() => import("./pages/ReactivatePage"), "ReactivatePage"],
};

/** Loads a page's chunk ahead of a click, unless the connection is slow or saving data. */
export function preloadPage(pathname: string): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (connection?.saveData || connection?.effectiveType?.includes("2g")) return;
  const route = matchPageRoute(pathname);
  if (route) void pages[route.name as RouteName][0]().catch(() => {});
}
